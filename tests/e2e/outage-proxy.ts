/**
 * A server that can be taken away and brought back, for the resilience tests: a TCP proxy on its
 * own port in front of the shared e2e server. `stop()` closes the port and every open connection,
 * so the browser's requests fail exactly as they do when the server is down (connection refused);
 * `start()` listens on the same port again. Cheaper than a second `npm start` on this busy machine,
 * and the other test files, which talk to the shared server directly, never see the outage.
 */
import net from 'node:net'
import getPort from 'get-port'

export interface OutageProxy {
  /** http://127.0.0.1:<proxy port> */
  baseUrl: string
  stop: () => Promise<void>
  start: () => Promise<void>
}

/** Starts a proxy to `target` (an http://host:port URL) and resolves once it listens. */
export async function startOutageProxy(target: string): Promise<OutageProxy> {
  const { hostname, port: targetPort } = new URL(target)
  const port = await getPort({ host: '127.0.0.1' })
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(Number(targetPort), hostname)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      listening.once('error', reject)
      listening.listen(port, '127.0.0.1', () => {
        server = listening
        resolve()
      })
    })

  const stop = () =>
    new Promise<void>((resolve) => {
      const closing = server
      server = undefined
      for (const socket of sockets) socket.destroy()
      if (!closing) return resolve()
      closing.close(() => resolve())
    })

  await start()
  return { baseUrl: `http://127.0.0.1:${port}`, stop, start }
}
