import { type Command, Option } from 'commander'
import { commandGroup } from '../commandGroup'
import { OUTPUT_FORMATS } from '../locatedIssue'
import type { LogVerifyOptions } from './logVerify'

/** `rampart log verify <file>` */
export function registerLogVerify(program: Command): void {
  commandGroup(program, 'log', "Work with a client's tamper-evident decision log, as the gateway exports it.")
    .command('verify')
    .description(
      'Check every link and hash of an exported decision log (JSON Lines, GET /v1/admin/clients/{id}/log), and ' +
        "with --key every decision's attestation; name the first broken link. Exits 0 when the chain holds, 1 " +
        'when a link is broken, 2 on a usage error or an unreadable file or key.',
    )
    .argument('<file>', 'the exported log (.jsonl)')
    .option(
      '--key <file>',
      "a JSON file with the gateway's public attestation key (JWK): check attestations too",
    )
    .option('--partial', 'accept an export that starts after entry 1 (a page or a time range)')
    .option('--previous-hash <hex>', "the hash of the entry before the export's first one")
    .addOption(new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).default('text'))
    .action(async (file: string, options: LogVerifyOptions) => {
      process.exitCode = await (await import('./logVerify')).runLogVerify(file, options)
    })
}
