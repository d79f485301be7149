#!/usr/bin/env python3
"""Holds `torchrig-cli estimate` against a GPU run's measurements (results of run-zoo-on-cuda):
allocated peak, reserved peak and step time per case, and their median and worst errors. Needs no
GPU: it reads the JSON files and runs the CLI here.

    tests/gpu/compare_estimates.py build/dev/bin/torchrig-cli gpu/h200-sxm-141gb tests/gpu/results/*.json
Later files replace earlier ones' cases of the same name.
"""
import json
import statistics
import subprocess
import sys


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    cli, device, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    cases = {}
    for path in files:
        for case in json.load(open(path))["cases"]:
            cases[case["case"]] = case
    errors = {"allocated": [], "reserved": [], "step": []}
    print(f"| case | measured allocated | estimated | error | reserved error | step ms measured / estimated |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, case in cases.items():
        measured = (case["worker"].get("line") or {}).get("measured")
        if not measured:
            continue
        request = case["request"]
        args = [cli, "estimate", "--model", request["model"], "--batch", str(request["batch"]),
                "--precision", request["precision"], "--optimizer", request["optimizer"],
                "--device", device, "--json"]
        for key, flag in (("seq_len", "--seq-len"), ("image_size", "--image-size"),
                          ("checkpointing", "--checkpointing"), ("optimizer_impl", "--optimizer-impl"),
                          ("gradient_accumulation", "--grad-accum")):
            if key in request:
                args += [flag, str(request[key])]
        lora = request.get("lora")
        if lora:
            args += ["--lora-rank", str(lora["rank"]), "--lora-alpha", str(lora.get("alpha", 16)),
                     "--lora-dropout", str(lora.get("dropout", 0))]
            if lora.get("targets"):
                args += ["--lora-targets", ",".join(lora["targets"])]
        inference = request.get("inference", False)
        if inference:  # the worker measures generate()'s prefill: compare the prompt's forward
            args += ["--inference"]
        estimate = json.loads(subprocess.run(args, capture_output=True, text=True).stdout)
        memory, time = estimate["memory"], estimate["time"] or {}
        estimated = memory["prefill_allocated_peak_bytes" if inference else "allocated_peak_bytes"]
        allocated = estimated / measured["allocated_peak_bytes"] - 1
        errors["allocated"].append(abs(allocated))
        reserved = float("nan")
        if memory.get("reserved_peak_bytes") and measured.get("reserved_peak_bytes"):
            reserved = memory["reserved_peak_bytes"] / measured["reserved_peak_bytes"] - 1
            errors["reserved"].append(abs(reserved))
        step = ""
        if time.get("step_seconds") and not inference:
            errors["step"].append(abs(time["step_seconds"] / measured["step_seconds"] - 1))
            step = f"{measured['step_seconds'] * 1e3:.1f} / {time['step_seconds'] * 1e3:.1f}"
        print(f"| {name} | {measured['allocated_peak_bytes']:,} | {estimated:,} | "
              f"{100 * allocated:+.1f} % | {100 * reserved:+.1f} % | {step} |")
    for key, values in errors.items():
        if values:
            print(f"{key}: median {100 * statistics.median(values):.1f} %, worst {100 * max(values):.1f} % "
                  f"over {len(values)} cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
