// How every benchmark script runs its main(): a first Ctrl-C stops what it started (servers,
// databases, temp directories, load generators) and exits with 130, a second one kills what is
// left; an error is printed and the exit status is 1, after the same clean-up.
import { cleanupAll, cleanupAllSync } from './cleanup.mjs';

export async function runMain(name, main, { interruptMessage = 'stopping the app and removing the data directory…' } = {}) {
  let interrupted = false;
  process.on('SIGINT', () => {
    if (interrupted) {
      cleanupAllSync();
      process.exit(130);
    }
    interrupted = true;
    process.stderr.write(`\ninterrupted: ${interruptMessage}\n`);
    void cleanupAll().then(() => process.exit(130));
  });
  process.on('exit', () => cleanupAllSync());

  try {
    await main();
    await cleanupAll();
  } catch (err) {
    if (!interrupted) process.stderr.write(`\n${name} failed: ${err?.stack ?? err}\n`);
    await cleanupAll();
    process.exitCode = interrupted ? 130 : 1;
  }
}
