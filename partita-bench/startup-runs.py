#!/usr/bin/env python3
"""Start-up and idle memory of `serve --in-memory --port 0` under several commands, run in turn.

    startup-runs.py RUNS IDLE_SECONDS NAME=COMMAND [NAME=COMMAND ...]

Each COMMAND (split as a shell splits words; the server's arguments are appended) is started RUNS
times, the commands alternating (A B C A B C ...), so a machine whose speed drifts slows them alike.
For each run: the milliseconds from starting the process to the first answered ListTables (read
from the line the server prints when it listens, no polling: one request, sent as soon as the
endpoint is known, retried only if refused), the process's CPU time (user + system, all threads) at
that moment, and its resident memory (VmRSS) after IDLE_SECONDS of idleness. Then the median,
minimum and maximum of each. The process is stopped with SIGTERM after each run, and must exit.
Linux only (/proc).
"""
import http.client
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import time

ENDPOINT = re.compile(r"serving DynamoDB on http://([^ :]+|\[[^]]+\]):(\d+)")
TICK = os.sysconf("SC_CLK_TCK")


def cpu_ms(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 // TICK


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def one_run(command, idle):
    started = time.monotonic()
    server = subprocess.Popen(command + ["serve", "--in-memory", "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        host = port = None
        for line in server.stdout:
            m = ENDPOINT.search(line)
            if m:
                host, port = m.group(1).strip("[]"), int(m.group(2))
                break
        if host is None:
            raise RuntimeError(f"{command[0]} exited ({server.wait()}) without serving")
        while True:
            try:
                c = http.client.HTTPConnection(host, port, timeout=30)
                c.request("POST", "/", body="{}", headers={"X-Amz-Target": "DynamoDB_20120810.ListTables",
                                                           "Content-Type": "application/x-amz-json-1.0"})
                r = c.getresponse()
                r.read()
                c.close()
                if r.status != 200:
                    raise RuntimeError(f"ListTables answered {r.status}")
                break
            except ConnectionRefusedError:
                time.sleep(0.001)
        ready = (time.monotonic() - started) * 1000
        cpu = cpu_ms(server.pid)
        time.sleep(idle)
        rss = rss_mb(server.pid)
        return ready, cpu, rss
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def spread(values, unit, digits=0):
    return (f"median {statistics.median(values):,.{digits}f} {unit} "
            f"(range {min(values):,.{digits}f}-{max(values):,.{digits}f})")


def main():
    runs, idle = int(sys.argv[1]), float(sys.argv[2])
    commands = [(spec.split("=", 1)[0], shlex.split(spec.split("=", 1)[1])) for spec in sys.argv[3:]]
    results = {name: [] for name, _ in commands}
    for i in range(1, runs + 1):
        for name, command in commands:
            ready, cpu, rss = one_run(command, idle)
            results[name].append((ready, cpu, rss))
            print(f"run {i} {name}: first answer after {ready:.0f} ms, CPU {cpu} ms; idle resident memory "
                  f"{rss:.1f} MB", flush=True)
    print(f"\n{runs} runs each, load average {os.getloadavg()[0]:.2f} at the end:")
    for name, _ in commands:
        r = results[name]
        print(f"{name}: first answer {spread([x[0] for x in r], 'ms')}; CPU {spread([x[1] for x in r], 'ms')};"
              f" idle RSS {spread([x[2] for x in r], 'MB', 1)}")


if __name__ == "__main__":
    main()
