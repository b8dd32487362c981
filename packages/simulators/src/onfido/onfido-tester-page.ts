import type { FastifyPluginAsync } from 'fastify';
import type { OnfidoSimulatorControls } from './onfido-simulator.ts';
import { outcomeProblems } from './onfido-simulator-controls.ts';

/*
 * The tester's side of the Onfido simulator, mounted by our server under `/sim/onfido`: a form that sets what the
 * next checks' face report says (face match, liveness) and how long checks take, and the same as JSON at `/outcome`
 * for tests. The document report needs no setting: it is read from the uploaded images.
 */

const page = (prefix: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Onfido simulator</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1f2933; }
  header { background: #353ff4; color: #fff; padding: 16px 24px; }
  header h1 { margin: 0; font-size: 20px; }
  main { max-width: 640px; margin: 0 auto; padding: 16px; }
  form { background: #fff; border-radius: 8px; padding: 16px; box-shadow: 0 1px 2px #0002; }
  fieldset { border: 1px solid #d5dbe3; border-radius: 6px; margin: 0 0 12px; padding: 8px 12px; }
  legend { font-weight: 600; }
  label { display: block; margin: 6px 0; }
  input[type=number] { font: inherit; padding: 6px; width: 10em; }
  button { font: inherit; padding: 8px 14px; border: 0; border-radius: 4px; background: #353ff4; color: #fff; cursor: pointer; }
  #status { min-height: 1.5em; margin-top: 12px; }
</style>
</head>
<body>
<header><h1>Onfido simulator</h1></header>
<main>
<p>Documents are read from the uploaded images. These settings decide the face report of checks that complete from now on.</p>
<form id="outcome">
  <fieldset>
    <legend>Face match (the live photo is the document's face)</legend>
    <label><input type="radio" name="faceMatch" value="clear"> Clear</label>
    <label><input type="radio" name="faceMatch" value="consider"> Consider (a different face)</label>
  </fieldset>
  <fieldset>
    <legend>Liveness (a live person, not a photo or a screen)</legend>
    <label><input type="radio" name="liveness" value="clear"> Clear</label>
    <label><input type="radio" name="liveness" value="consider"> Consider (spoofing suspected)</label>
  </fieldset>
  <label for="delayMs">Time a check takes, in milliseconds</label>
  <input id="delayMs" name="delayMs" type="number" min="0" max="600000" step="100" required>
  <p><button type="submit">Save</button></p>
  <div id="status" role="status" aria-live="polite"></div>
</form>
</main>
<script src="${prefix}/page.js" data-api="${prefix}/outcome"></script>
</body>
</html>`;

const script = `'use strict';
const api = document.currentScript.dataset.api;
const form = document.getElementById('outcome');
const status = document.getElementById('status');
function show(outcome) {
  form.elements.faceMatch.value = outcome.faceMatch;
  form.elements.liveness.value = outcome.liveness;
  form.elements.delayMs.value = outcome.delayMs;
}
fetch(api).then((response) => response.json()).then(show);
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = {
    faceMatch: form.elements.faceMatch.value,
    liveness: form.elements.liveness.value,
    delayMs: Number(form.elements.delayMs.value),
  };
  const response = await fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (response.ok) {
    show(answer);
    status.textContent = 'Saved.';
  } else {
    status.textContent = answer.message || 'Not saved.';
  }
});
`;

export const onfidoTesterPagePlugin: FastifyPluginAsync<{ controls: OnfidoSimulatorControls }> = async (
  app,
  { controls },
) => {
  const html = page(app.prefix);
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(html));
  app.get('/page.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(script));
  app.get('/outcome', async () => controls.outcome());
  app.post('/outcome', async (request, reply) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null)
      return reply.code(400).send({ message: 'A JSON object is expected' });
    const problems = outcomeProblems(body as Record<string, unknown>);
    if (problems.length > 0) return reply.code(400).send({ message: problems.join('; ') });
    const { faceMatch, liveness, delayMs } = body as Record<string, never>;
    return controls.setOutcome({ faceMatch, liveness, delayMs });
  });
};
