import type { EvaluationRequest } from './generated/evaluationRequest'

const ACTIONS: Record<string, EvaluationRequest['action']> = {
  eth_sendTransaction: 'signTransaction',
  eth_signTransaction: 'signTransaction',
  personal_sign: 'signMessage',
  eth_signTypedData_v4: 'signTypedData',
  eth_sendUserOperation: 'signUserOperation',
}

/** The policy action of a JSON-RPC signing method, or undefined for a method no policy covers. */
export function actionForMethod(method: string): EvaluationRequest['action'] | undefined {
  return Object.hasOwn(ACTIONS, method) ? ACTIONS[method] : undefined
}
