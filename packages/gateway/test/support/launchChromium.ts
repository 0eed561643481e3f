import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium, which `.ci/run` installs; CHROMIUM_PATH points elsewhere. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

// Headless as root, and no background traffic: this machine's network is closed, and a browser test must only
// ever talk to the gateway on loopback.
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Starts headless Chromium for a browser test. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath, args: flags })
}
