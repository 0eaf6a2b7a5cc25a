// Imported first by server/main.ts, before anything loads the AWS SDK: the SDK warns about the Node
// version at every start, which says nothing actionable for a local run. Other warnings still print.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  const sdkNodeVersion = `${warning.name} ${warning.message}`.includes('NodeVersionSupportWarning');
  if (!sdkNodeVersion) console.warn(`${warning.name}: ${warning.message}`);
});
