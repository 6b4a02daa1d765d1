import { labelsSheet } from './labels-sheet';
await labelsSheet({ args: process.argv.slice(2) });
