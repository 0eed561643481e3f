#!/usr/bin/env node
import { runCli } from './runCli'

process.exitCode = await runCli(process.argv)
