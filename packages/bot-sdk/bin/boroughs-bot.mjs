#!/usr/bin/env node
// In the workspace the command runs the TypeScript source through tsx; the published package's bin is
// dist/cli.js (publishConfig), which needs nothing but Node.
import { register } from "tsx/esm/api"

register()
await import("../src/cli.ts")
