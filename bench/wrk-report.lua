-- wrk's report for the benchmarks (bench/run.sh, bench/cluster.py): one line they parse. Those
-- scripts put the Authorization header line, when there is one, ahead of this file.
wrk.headers["Accept-Encoding"] = "gzip, br"
done = function(summary, latency, requests)
  local s = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format("WRK rps=%.1f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f requests=%d bad_status=%d errors=%d\n",
    summary.requests / s, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, summary.requests, e.status, e.connect + e.read + e.write + e.timeout))
end
