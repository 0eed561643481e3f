import { type Command, Option } from 'commander'
import type { DecodeOptions } from './decode'
import { DECODE_FORMATS } from './decodeFormats'

/** `rampart decode <request.json | ->` */
export function registerDecode(program: Command): void {
  program
    .command('decode')
    .description(
      'Decode a JSON-RPC signing request into its intent and ERC-7730 display. Exits 0 when it decoded ' +
        'cleanly, 1 when it carries a decoder error, 2 on a usage error or an unreadable input.',
    )
    .argument(
      '<request>',
      'a JSON file holding {method, params} (or an /evaluate body), or - for standard input',
    )
    .addOption(new Option('--format <format>', 'output format').choices(DECODE_FORMATS).default('json'))
    .option('--entities <file>', 'an Entities document: its tokens and names are used on screen')
    .option('--descriptors <dir>', 'a directory of ERC-7730 descriptors laid out like the public registry')
    .option('--chain-id <id>', 'chain of requests that carry none (personal_sign, user operations)')
    .action(async (input: string, options: DecodeOptions) => {
      // Loaded when the command runs: the other commands need not load the decoder, the evaluator and viem.
      // Loaded when the command runs: the other commands need not load the decoder, the evaluator and viem.
      process.exitCode = await (await import('./decode')).runDecode(input, options)
    })
}
