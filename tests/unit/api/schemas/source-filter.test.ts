import { describe, expect, it } from 'vitest'
import { exclusionReason, isSourceFile, stripFirstSegment } from '../../../../src/api/schemas/source-filter'

describe('source-file filter (SPEC.md 5)', () => {
  it.each([
    'node_modules/react/index.js',
    'src/node_modules/x.js',
    'build/app.js',
    'dist/bundle.js',
    '.git/HEAD',
    '.idea/workspace.xml',
    '.vscode/settings.json',
    '.cache/x',
    '__pycache__/m.cpython-311.pyc',
    '.next/server.js',
    'venv/lib/site.py',
    '.venv/bin/python',
    'ios/Pods/A/a.m',
    'android/.gradle/x',
    '.dart_tool/p',
    'Node_Modules/x.js',
  ])('excludes dependency, build, IDE, cache and venv folders: %s', (path) => {
    expect(exclusionReason(path)).toMatch(/^Excluded folder/)
  })

  it.each(['.DS_Store', 'src/.DS_Store', 'Thumbs.db', '__MACOSX/._a.js', 'src/._index.js', 'desktop.ini'])(
    'excludes OS files: %s',
    (path) => expect(isSourceFile(path)).toBe(false),
  )

  it.each([
    'debug.log',
    'a.tmp',
    '.a.swp',
    'x.bak',
    'x.orig',
    'notes.txt~',
    'app.exe',
    'lib.dll',
    'lib.so',
    'm.o',
    'Main.class',
    'm.pyc',
    'app.apk',
    'app.ipa',
    'model.h5',
    'model.pt',
    'model.onnx',
    'w.safetensors',
    'm.pkl',
    'src.zip',
    'a.tar',
    'a.tar.gz',
    'a.rar',
    'a.7z',
    'disk.iso',
    'disk.dmg',
    'vm.vmdk',
    'UPPER.LOG',
  ])('excludes logs, temp, backup, binaries, models, archives and disk images: %s', (path) => {
    expect(exclusionReason(path)).not.toBeNull()
  })

  it.each([
    'package.json',
    'package-lock.json',
    'yarn.lock',
    'pnpm-lock.yaml',
    'composer.lock',
    'Cargo.lock',
    'go.sum',
    'requirements.txt',
    'README.md',
    'readme',
    'CHANGELOG.md',
    'LICENSE',
    'licence.txt',
    'index.html',
    'main.js',
    'android/app/src/main/AndroidManifest.xml',
    'ios/App/Info.plist',
    'public/manifest.json',
    'pubspec.yaml',
  ])('always keeps manifests, lock files, readme, changelog, license, index.html, main.js: %s', (path) => {
    expect(isSourceFile(path)).toBe(true)
  })

  it('keeps an always-kept name even when its extension is excluded, but not inside an excluded folder', () => {
    expect(isSourceFile('README.log')).toBe(true)
    expect(isSourceFile('node_modules/react/package.json')).toBe(false)
  })

  it.each([
    'src/App.tsx',
    'server/index.ts',
    'styles/site.css',
    'docs/guide.md',
    'Makefile',
    '.env.example',
    'public/logo.png',
    'buildings/a.js',
    'distance.py',
  ])('keeps ordinary source files: %s', (path) => {
    expect(isSourceFile(path)).toBe(true)
  })

  it('strips the first path segment (the wrapping folder)', () => {
    expect(stripFirstSegment('MyApp/src/a.ts')).toBe('src/a.ts')
    expect(stripFirstSegment('MyApp/package.json')).toBe('package.json')
    expect(stripFirstSegment('MyApp\\src\\a.ts')).toBe('src/a.ts')
    expect(stripFirstSegment('/MyApp/a.ts')).toBe('a.ts')
    expect(stripFirstSegment('loose.txt')).toBe('loose.txt')
  })
})
