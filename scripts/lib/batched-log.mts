/**
 * A line logger that writes what one turn of the event loop logged in one write. The local
 * server logs a line per request; under load, a console.log each (formatting plus a blocking
 * write to the pipe or terminal) cost about a seventh of the server's CPU. Lines keep their
 * order; other output (console.error of a function, say) may land before the lines of its turn.
 */
export function batchedLog(prefix: string, write: (text: string) => void = (text) => process.stdout.write(text)) {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  // Whatever is still pending when the process exits (process.exit, a crash) is written then.
  process.on('exit', flush);
  return (line: string) => {
    if (pending === '') setImmediate(flush);
    pending += `${prefix}${line}\n`;
  };
}
