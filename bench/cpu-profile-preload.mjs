// node --import ./bench/cpu-profile-preload.mjs … — SIGUSR2 starts a CPU profile, the next SIGUSR2
// writes it to $CPU_PROFILE_FILE (bench/profile.sh uses it to leave start-up out of the profile).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.start'));
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(process.env.CPU_PROFILE_FILE ?? 'server.cpuprofile', JSON.stringify(result.profile));
    process.stderr.write(`cpu profile written\n`);
  });
});
