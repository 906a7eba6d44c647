/**
 * Regenerates `src/generated/` from the contract in `@reelay/core`.
 *
 * Run: pnpm --filter @reelay/sdk generate          (writes the files)
 *      pnpm --filter @reelay/sdk generate --check  (fails when they are stale)
 */
import {
  generateSdkFiles,
  readGeneratedDir,
  staleFiles,
  writeGeneratedFiles,
} from './generator/generate-sdk';

const { files, namedByConvention } = await generateSdkFiles();
for (const line of namedByConvention) {
  console.log(`named by convention: ${line} (add it to scripts/sdk-methods.ts to choose)`);
}
if (process.argv.includes('--check')) {
  const stale = staleFiles(files, readGeneratedDir());
  if (stale.length > 0) {
    console.error(
      `src/generated is stale: ${stale.join(', ')}\nrun: pnpm --filter @reelay/sdk generate`,
    );
    process.exit(1);
  }
  console.log('src/generated is up to date');
} else {
  const changed = writeGeneratedFiles(files);
  console.log(
    changed.length ? `wrote ${changed.join(', ')}` : 'src/generated was already up to date',
  );
}
