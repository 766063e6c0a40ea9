/** The first line of a stream (without its line ending), or everything when there is no newline. */
export async function readFirstLine(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0].replace(/\r$/, '');
}
