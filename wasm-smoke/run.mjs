// Loads the smoke module built for wasm32-unknown-unknown and calls every
// export: each must return 1. Usage: node run.mjs PATH.wasm
import fs from 'node:fs';

const bytes = fs.readFileSync(process.argv[2]);
const module = await WebAssembly.compile(bytes);
const instance = await WebAssembly.instantiate(module, {});
let failed = 0;
for (const name of Object.keys(instance.exports)) {
  const run = instance.exports[name];
  if (typeof run !== 'function') continue;
  let result;
  try {
    result = run();
  } catch (error) {
    result = `trap: ${error.message}`;
  }
  const ok = result === 1;
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} => ${result}`);
}
if (failed > 0) {
  console.log(`${failed} export(s) failed`);
  process.exit(1);
}
console.log('every crate ran on wasm32-unknown-unknown');
