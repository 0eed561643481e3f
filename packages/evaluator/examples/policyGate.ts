// Rampart embedded in another gateway: each JSON-RPC signing request is decoded and decided before anything signs it.
import { createServer } from 'node:http'
import { decodeRequest } from '@rampart/decoder'
import { loadEntities } from '@rampart/entities'
import { createEvaluator, type Policy } from '@rampart/evaluator'

export async function startPolicyGate(entities: unknown, policies: Policy[]) {
  const { index, issues } = loadEntities(entities, { kind: 'full' }) // validated and indexed once
  if (!index) throw new Error(`entities are invalid at ${issues[0]?.path}: ${issues[0]?.message}`)
  const evaluator = await createEvaluator({ entities: index, policies })
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) {
      body += chunk
      if (body.length > 1_000_000) return res.writeHead(413).end()
    }
    // Your gateway authenticates its caller; here it names the user (or credential id) in a header.
    const principal = String(req.headers['x-principal'] ?? '')
    // What is not JSON reaches the decoder as nothing, which it refuses: the decision is then a Forbid.
    const decoded = decodeRequest(parseJson(body), { entities: index })
    const { decision } = evaluator.decide({ principal, decoded }) // never throws: any failure is a Forbid
    res.writeHead(decision.decision === 'Permit' ? 200 : 403, { 'content-type': 'application/json' })
    res.end(JSON.stringify(decision))
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return server
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
