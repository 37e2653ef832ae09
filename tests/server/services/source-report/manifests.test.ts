/** Each manifest format gives its dependencies exactly; a malformed one is unparseable with the reason. */
import { describe, expect, it } from 'vitest'
import { manifestKind, parseManifest } from '../../../../server/services/source-report/manifests'

const parse = (path: string, text: string) => parseManifest(path, manifestKind(path)!, text, false)

describe('manifests', () => {
  it('reads package-lock.json v3, composer.json, pyproject.toml and go.mod', () => {
    const lock = {
      lockfileVersion: 3,
      packages: {
        '': {},
        'node_modules/a': { version: '1.0.0' },
        'node_modules/a/node_modules/@s/b': { version: '2.0.0', dev: true },
      },
    }
    expect(parse('package-lock.json', JSON.stringify(lock)).dependencies).toEqual([
      { name: 'a', version: '1.0.0' },
      { name: '@s/b', version: '2.0.0', scope: 'dev' },
    ])
    const composer = {
      require: { php: '>=8.1', 'ext-json': '*', 'laravel/framework': '^10.0' },
      'require-dev': { 'phpunit/phpunit': '10.5.0' },
    }
    expect(parse('composer.json', JSON.stringify(composer)).dependencies).toEqual([
      { name: 'laravel/framework', version: '^10.0' },
      { name: 'phpunit/phpunit', version: '10.5.0', scope: 'dev' },
    ])
    const pyproject =
      '[project]\ndependencies = ["fastapi==0.110.0", "uvicorn[standard]>=0.29"]\n[project.optional-dependencies]\ntest = ["pytest"]\n'
    expect(parse('api/pyproject.toml', pyproject).dependencies).toEqual([
      { name: 'fastapi', version: '0.110.0' },
      { name: 'uvicorn', version: '>=0.29' },
      { name: 'pytest', scope: 'test' },
    ])
    const gomod =
      'module x\n\ngo 1.22\n\nrequire github.com/a/b v1.0.0\nrequire (\n\tgolang.org/x/net v0.20.0 // indirect\n)\n'
    expect(parse('go.mod', gomod).dependencies).toEqual([
      { name: 'github.com/a/b', version: 'v1.0.0' },
      { name: 'golang.org/x/net', version: 'v0.20.0', scope: 'indirect' },
    ])
  })

  it('reads pom.xml, *.csproj, build.gradle and Gemfile', () => {
    const pom =
      '<project><dependencies><dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.13.2</version><scope>test</scope></dependency></dependencies></project>'
    expect(parse('pom.xml', pom).dependencies).toEqual([{ name: 'junit:junit', version: '4.13.2', scope: 'test' }])
    const csproj =
      '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Newtonsoft.Json" Version="13.0.3" /></ItemGroup></Project>'
    expect(parse('App/App.csproj', csproj).dependencies).toEqual([{ name: 'Newtonsoft.Json', version: '13.0.3' }])
    const gradle =
      'dependencies {\n  implementation \'com.google.guava:guava:33.0.0-jre\'\n  testImplementation("junit:junit:4.13.2")\n}\n'
    expect(parse('app/build.gradle', gradle).dependencies).toEqual([
      { name: 'com.google.guava:guava', version: '33.0.0-jre', scope: 'implementation' },
      { name: 'junit:junit', version: '4.13.2', scope: 'testImplementation' },
    ])
    const gemfile = "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\ngroup :test do\n  gem 'rspec'\nend\n"
    expect(parse('Gemfile', gemfile).dependencies).toEqual([
      { name: 'rails', version: '~> 7.1' },
      { name: 'rspec', scope: 'test' },
    ])
  })

  it('lists malformed and cut manifests as unparseable', () => {
    expect(parse('pom.xml', '<project><dependencies></project>')).toMatchObject({
      status: 'unparseable',
      dependencies: [],
    })
    expect(parse('pyproject.toml', '[project\n').status).toBe('unparseable')
    expect(parse('package.json', '{"dependencies": 5}')).toEqual({
      path: 'package.json',
      ecosystem: 'npm',
      status: 'unparseable',
      error: 'dependencies is not an object',
      dependencies: [],
    })
    expect(parse('requirements.txt', 'django==4.2\n%%%\n').error).toBe('line 2: not a requirement: %%%')
    expect(parse('go.mod', 'require (\n  broken\n)\n').error).toBe('line 2: not a requirement: broken')
    expect(parseManifest('package.json', manifestKind('package.json')!, '{}', true)).toMatchObject({
      status: 'unparseable',
      error: 'larger than the manifest size limit',
    })
    expect(manifestKind('node_modules/x/package.json')).toBeNull()
  })
})
