import { describe, expect, it } from 'vitest';
import { readSettings, SettingsError } from '../../../lib/settings.ts';

const VALID = {
  proxyDomain: 'Edge.Example.com',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000',
  homeRegion: 'eu-west-1',
};

describe('deployment settings from CDK context', () => {
  it('reads the three required settings, lower-cases the domain and defaults the table name', () => {
    // Act
    const settings = readSettings(VALID, {});

    // Assess
    expect(settings).toMatchObject({
      proxyDomain: 'edge.example.com',
      homeRegion: 'eu-west-1',
      tableName: 'edge-gateway',
    });
    expect(settings.account).toBeUndefined();
  });

  it('names every missing setting in one error, with an example command', () => {
    // Act
    const error = (() => {
      try {
        readSettings({}, {});
      } catch (err) {
        return err as Error;
      }
    })();

    // Assess
    expect(error).toBeInstanceOf(SettingsError);
    expect(error?.message).toMatch(/proxyDomain is missing/);
    expect(error?.message).toMatch(/certificateArn is missing/);
    expect(error?.message).toMatch(/homeRegion is missing/);
    expect(error?.message).toMatch(/npx cdk deploy --all -c proxyDomain=/);
  });

  it('refuses a certificate outside us-east-1, which CloudFront cannot use', () => {
    // Act
    const attempt = () =>
      readSettings({ ...VALID, certificateArn: VALID.certificateArn.replace('us-east-1', 'eu-west-1') }, {});

    // Assess
    expect(attempt).toThrow(/not an ACM certificate ARN in us-east-1/);
  });

  it('accepts replica regions as a comma list and drops the home region from them', () => {
    // Act
    const settings = readSettings({ ...VALID, replicaRegions: 'us-east-1, eu-west-1,ap-southeast-2' }, {});

    // Assess
    expect(settings.replicaRegions).toEqual(['us-east-1', 'ap-southeast-2']);
  });

  it('takes the account from the CLI environment when there is one', () => {
    // Act
    const settings = readSettings(VALID, { CDK_DEFAULT_ACCOUNT: '123456789012' });

    // Assess
    expect(settings.account).toBe('123456789012');
  });
});
