/** The command line for other CI systems (filled in later). */
export async function runCli(_args: string[]): Promise<number> {
  process.stderr.write('The command line is not available yet.\n');
  return 2;
}
