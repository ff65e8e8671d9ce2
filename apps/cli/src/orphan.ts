/**
 * Calls `stop` once this process loses the parent that started it. Under `npx` or `npm start` a process
 * manager's SIGTERM reaches npm alone, which exits without passing it on: the command is re-parented and
 * would serve on with nobody to stop it. Only under npm (`npm_command` is set), so `nohup boroughs … &` from a
 * shell that then exits keeps running, as a person asked.
 */
export const stopWhenOrphaned = (stop: () => void): void => {
  if (process.env.npm_command === undefined) return
  const parent = process.ppid
  const watch = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(watch)
    stop()
  }, 500)
  watch.unref()
}
