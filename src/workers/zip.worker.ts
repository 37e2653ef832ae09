/**
 * The ZIP Web Worker: reads a selected ZIP off the main thread so the page stays responsive.
 * Exposes `zipWorkerApi` through comlink; read-zip.ts wraps it on the main thread.
 */
import * as Comlink from 'comlink'
import { zipWorkerApi } from './zip-worker-api'

Comlink.expose(zipWorkerApi)
