// The reference the one-pass locator is held to: momoa's syntax tree, walked member by member.
import { parse, type ValueNode } from '@humanwhocodes/momoa'
import { parseJsonPointer, type SourceLocation } from '../src/sourceLocation'

/** Locates JSON Pointers in a JSON text through momoa's syntax tree (the last of duplicate names wins). */
export function momoaLocator(text: string): (pointer: string) => SourceLocation {
  const document = parse(text, { mode: 'json', ranges: false, tokens: false })
  return (pointer) => {
    let node: ValueNode = document.body
    for (const token of parseJsonPointer(pointer)) {
      let next: ValueNode | undefined
      if (node.type === 'Object') {
        next = node.members.findLast(
          (member) => (member.name.type === 'String' ? member.name.value : member.name.name) === token,
        )?.value
      } else if (node.type === 'Array' && /^(0|[1-9]\d*)$/.test(token)) {
        next = node.elements[Number(token)]?.value
      }
      if (!next) break
      node = next
    }
    return { line: node.loc.start.line, column: node.loc.start.column }
  }
}
