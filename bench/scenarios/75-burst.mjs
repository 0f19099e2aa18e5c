// 250 POSTs in flight at once, three rounds (issue 16): who answers a 500 under that load. An answer that carries
// X-D1-Queries came from the Worker (it sets the header on every answer in development) and must be the contract's
// error shape; one without it came from the local runtime in front of it (docs/decisions/0035-purge-everywhere-and-labels-by-area.md).
const IN_FLIGHT = Number(process.env.BENCH_BURST ?? 250);
const ROUNDS = 3;

export async function run(ctx) {
  const counts = { ok: 0, workerContract: 0, workerOther: 0, runtime: 0, runtimeStack: 0, failed: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_, i) => {
        try {
          const res = await fetch(`${ctx.origin}/api/auth/checkLogin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'cf-connecting-ip': `10.75.${round}.${i % 250}` },
            body: '{}',
          });
          const body = await res.text();
          if (res.status < 500) counts.ok++;
          else if (res.headers.has('x-d1-queries')) counts[/"status"\s*:\s*"error"|"code"/.test(body) && !/\n\s+at /.test(body) ? 'workerContract' : 'workerOther']++;
          else counts[/\n\s+at /.test(body) ? 'runtimeStack' : 'runtime']++;
        } catch {
          counts.failed++;
        }
      }),
    );
  }
  const total = IN_FLIGHT * ROUNDS;
  const of = `of ${total} (${ROUNDS} × ${IN_FLIGHT} in flight)`;
  return [
    { metric: 'burst: answered below 500', value: counts.ok, unit: 'requests', note: of },
    { metric: 'burst: 500 from the Worker, contract shape', value: counts.workerContract, unit: 'requests', note: of },
    { metric: 'burst: 500 from the Worker, anything else', value: counts.workerOther, unit: 'requests', note: `target 0, ${of}` },
    { metric: 'burst: 500 from the local runtime, with a stack', value: counts.runtimeStack, unit: 'requests', note: `miniflare's entry worker on a lost hop, ${of}` },
    { metric: 'burst: 500 from the local runtime, other', value: counts.runtime, unit: 'requests', note: of },
    { metric: 'burst: connection failed', value: counts.failed, unit: 'requests', note: of },
  ];
}
