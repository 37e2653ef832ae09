/**
 * Vite build plugin: after the bundle is written, stores `name.gz` (gzip level 9) and `name.br`
 * (brotli quality 11) beside every text asset of the output directory, so the server sends them
 * with a Content-Encoding (server/routes/spa.routes.ts) instead of compressing on every request. Source
 * maps are skipped (only devtools fetch them), and so are files too small to gain from it.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|wasm)$/
/** Below this many bytes the headers of a compressed response outweigh what it saves. */
const MIN_BYTES = 1024

/** Writes .gz and .br files next to each compressible file under `dir`; returns how many files it compressed. */
export function precompressDir(dir: string): number {
  let count = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
    const file = path.join(entry.parentPath, entry.name)
    const data = fs.readFileSync(file)
    if (data.length < MIN_BYTES) continue
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }))
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(data, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    )
    count++
  }
  return count
}

/** The plugin: runs `precompressDir` on `build.outDir` once the build has written it. */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'console:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      if (fs.existsSync(outDir)) precompressDir(outDir)
    },
  }
}
