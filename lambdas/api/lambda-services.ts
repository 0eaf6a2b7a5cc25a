import { createDocumentClient, tableNameFromEnv } from '../data/dynamo.ts';
import { createRepositories } from '../data/repositories.ts';
import { createServices, type Services } from './services/services.ts';

let services: Services | undefined;

/** Services for the Lambda runtime: built from the environment once per container, reused across invocations. */
export function lambdaServices(): Services {
  services ??= createServices(createRepositories(createDocumentClient(), tableNameFromEnv()));
  return services;
}
