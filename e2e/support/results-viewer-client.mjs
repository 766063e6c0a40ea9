/**
 * A client written the way the public clients of the hosted CompetitionSuite API are (for example a band
 * association's results viewer, a drum corps score bot): a plain fetch of `/2018-03/performances?c=<the recap
 * page's guid>` with no Authorization header, `Message` in the answer meaning failure, an empty list meaning the
 * organization has not allowed programmatic access. Only its base URL changes. Run as a process of its own:
 *   node results-viewer-client.mjs BASE_URL RECAP_GUID
 * (NODE_EXTRA_CA_CERTS trusts a self-signed API); prints {divisions: {NAME: [{Name, Rank, Score}]}} or {error}.
 */
const [baseUrl, guid] = process.argv.slice(2);
const data = await fetch(`${baseUrl}/2018-03/performances?c=${guid}`).then((res) => res.json());

if ('Message' in data) {
  console.log(
    JSON.stringify({ error: 'Failed to find recap. Please make sure the link is correct!', message: data.Message }),
  );
} else if (data.length == 0) {
  console.log(JSON.stringify({ error: 'Empty recap. Have you allowed programmatic access?' }));
} else {
  const divisions = {};
  for (const el of data) {
    (divisions[el.DivisionName] ??= []).push({ Name: el.GroupName, Rank: el.Rank, Score: el.TotalScore });
  }
  console.log(JSON.stringify({ divisions }));
}
