#!/usr/bin/env python3
"""The zoo on a CUDA device: torchrig-validate's measurement of each case, then the same training
written in Python PyTorch (torchvision and transformers models, the optimizers' defaults), so that
the worker's figures can be held against PyTorch's own. Writes one JSON file, rewritten after each
case so that a run stopped early still leaves what it measured.

Called by tests/gpu/run-zoo-on-cuda, which builds the worker first. This process never touches
CUDA: each PyTorch reference runs in a child process of its own (--reference) after the worker's
run of the same case, so that every run sees the device alone.
"""

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import time

# (name, request fields, Python reference or None). Small sizes: the point is the comparison, and
# the whole suite must fit in a few minutes of a lent GPU.
CASES = [
    ("resnet18-fp32-sgd", dict(model="resnet18", batch=32, image_size=224, precision="fp32", optimizer="sgd"), "torchvision"),
    ("resnet50-fp32-adamw", dict(model="resnet50", batch=32, image_size=224, precision="fp32", optimizer="adamw"), "torchvision"),
    ("resnet50-amp-fp16-adamw", dict(model="resnet50", batch=32, image_size=224, precision="amp-fp16", optimizer="adamw"), "torchvision"),
    ("resnet50-amp-bf16-adamw", dict(model="resnet50", batch=32, image_size=224, precision="amp-bf16", optimizer="adamw"), "torchvision"),
    ("resnet50-fp32-adamw-fused", dict(model="resnet50", batch=32, image_size=224, precision="fp32", optimizer="adamw", optimizer_impl="fused"), "torchvision"),
    ("gpt2-fp32-adamw", dict(model="gpt2", batch=8, seq_len=512, precision="fp32", optimizer="adamw"), "transformers"),
    ("gpt2-fp32-adamw-checkpointing", dict(model="gpt2", batch=8, seq_len=512, precision="fp32", optimizer="adamw", checkpointing="blocks"), "transformers"),
    ("gpt2-amp-bf16-adamw", dict(model="gpt2", batch=8, seq_len=512, precision="amp-bf16", optimizer="adamw"), "transformers"),
    ("bert-base-uncased-fp32-adamw", dict(model="bert-base-uncased", batch=16, seq_len=128, precision="fp32", optimizer="adamw"), "transformers"),
    ("vit_b_16-fp32-adamw", dict(model="vit_b_16", batch=16, image_size=224, precision="fp32", optimizer="adamw"), "torchvision"),
    ("vgg16-fp32-sgd-momentum", dict(model="vgg16", batch=16, image_size=224, precision="fp32", optimizer="sgd-momentum"), "torchvision"),
    ("mobilenet_v2-fp32-adam", dict(model="mobilenet_v2", batch=32, image_size=224, precision="fp32", optimizer="adam"), "torchvision"),
    ("resnet18-tf32-sgd", dict(model="resnet18", batch=32, image_size=224, precision="tf32", optimizer="sgd"), "torchvision"),
    ("unet-fp32-adam", dict(model="unet", batch=4, image_size=256, precision="fp32", optimizer="adam"), None),
    ("mlp-fp32-adamw", dict(model="mlp", batch=256, precision="fp32", optimizer="adamw"), None),
    ("gpt2-xl-bf16-adamw", dict(model="gpt2-xl", batch=4, seq_len=512, precision="bf16", optimizer="adamw"), "transformers"),
    ("llama-2-7b-bf16-adamw", dict(model="llama-2-7b", batch=1, seq_len=512, precision="bf16", optimizer="adamw"), "transformers"),
    # Added after the first H200 runs; not yet run on a GPU (the reference needs peft for LoRA).
    ("gpt2-fp32-adamw-accum4", dict(model="gpt2", batch=8, seq_len=512, precision="fp32", optimizer="adamw", gradient_accumulation=4), "transformers"),
    ("gpt2-fp32-lion", dict(model="gpt2", batch=8, seq_len=512, precision="fp32", optimizer="lion"), "transformers"),
    ("resnet50-fp32-adafactor", dict(model="resnet50", batch=32, image_size=224, precision="fp32", optimizer="adafactor"), "torchvision"),
    ("gpt2-bf16-inference", dict(model="gpt2", batch=8, seq_len=512, precision="bf16", optimizer="adamw", inference=True), "transformers"),
    ("gpt2-fp32-adamw-lora", dict(model="gpt2", batch=8, seq_len=512, precision="fp32", optimizer="adamw", lora={"rank": 8, "alpha": 16, "targets": ["c_attn"]}), "transformers"),
    ("llama-2-7b-bf16-adamw-lora-checkpointing", dict(model="llama-2-7b", batch=4, seq_len=1024, precision="bf16", optimizer="adamw", checkpointing="blocks", lora={"rank": 16, "alpha": 32, "targets": ["q_proj", "v_proj"]}), "transformers"),
]
MAX_BATCH_CASE = ("resnet50-amp-bf16-adamw-max-batch",
                  dict(model="resnet50", batch=256, image_size=224, precision="amp-bf16", optimizer="adamw"))


def worker_run(worker, request, extra_args=(), timeout=240):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(request, f)
        path = f.name
    started = time.time()
    try:
        done = subprocess.run([worker, *extra_args, path], capture_output=True, text=True, timeout=timeout)
        lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        final = next((l for l in reversed(lines) if l.get("event") in ("result", "error", "devices")), None)
        outcome = {"exit_code": done.returncode, "line": final}
        if final is None:
            outcome["stderr_tail"] = done.stderr[-2000:]
    except subprocess.TimeoutExpired:
        outcome = {"exit_code": None, "line": None, "stderr_tail": f"timed out after {timeout} s"}
    finally:
        os.unlink(path)
    outcome["wall_seconds"] = round(time.time() - started, 2)
    return outcome


# --- Python PyTorch, written as a user would write the same training --------------------------------

def reference_model(torch, name, kind, precision):
    if kind == "torchvision":
        import torchvision
        return getattr(torchvision.models, name)()
    import transformers as tf
    if name.startswith("bert"):
        config = tf.BertConfig(num_labels=2) if name == "bert-base-uncased" else tf.BertConfig(
            hidden_size=1024, num_hidden_layers=24, num_attention_heads=16, intermediate_size=4096, num_labels=2)
        return tf.BertForSequenceClassification(config)
    if name.startswith("gpt2"):
        sizes = {"gpt2": (768, 12, 12), "gpt2-medium": (1024, 24, 16), "gpt2-large": (1280, 36, 20), "gpt2-xl": (1600, 48, 25)}
        d, layers, heads = sizes[name]
        return tf.GPT2LMHeadModel(tf.GPT2Config(n_embd=d, n_layer=layers, n_head=heads))
    if name == "llama-2-7b":
        config = tf.LlamaConfig(hidden_size=4096, intermediate_size=11008, num_hidden_layers=32, num_attention_heads=32,
                                num_key_value_heads=32, vocab_size=32000, max_position_embeddings=4096, rms_norm_eps=1e-5)
        return tf.LlamaForCausalLM(config)
    raise ValueError(name)


def reference_run(torch, request, kind, device, warmup=1, steps=3):
    import torch.nn.functional as F
    name, batch, precision = request["model"], request["batch"], request["precision"]
    torch.backends.cuda.matmul.allow_tf32 = precision == "tf32"
    torch.manual_seed(0)
    with torch.device(device):  # parameters are made on the GPU, as the worker makes them
        model = reference_model(torch, name, kind, precision)
    if precision == "bf16":
        model = model.to(torch.bfloat16)
    if request.get("checkpointing") == "blocks":  # each block, as the worker does it (reentrant)
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": True})
    lora = request.get("lora")
    if lora:
        import peft  # ImportError: the case is reported without a reference
        if request.get("checkpointing") == "blocks":
            model.enable_input_require_grads()
        config = peft.LoraConfig(r=lora["rank"], lora_alpha=lora.get("alpha", 16), lora_dropout=lora.get("dropout", 0.0),
                                 target_modules=lora.get("targets"))
        # Adapters in the model's dtype, as the worker and the estimate keep them.
        model = peft.get_peft_model(model, config, autocast_adapter_dtype=False)
    model.train()
    float_type = torch.bfloat16 if precision == "bf16" else torch.float32
    if kind == "torchvision":
        size = request["image_size"]
        x = torch.randn(batch, 3, size, size, device=device, dtype=float_type)
        y = torch.randint(0, 1000, (batch,), device=device)
        forward = lambda: F.cross_entropy(model(x), y)
    else:
        seq = request["seq_len"]
        vocab = model.config.vocab_size
        ids = torch.randint(0, vocab, (batch, seq), device=device)
        if name.startswith("bert"):
            types = torch.randint(0, 2, (batch, seq), device=device)
            labels = torch.randint(0, 2, (batch,), device=device)
            forward = lambda: model(input_ids=ids, token_type_ids=types, labels=labels).loss
        else:
            forward = lambda: model(input_ids=ids, labels=ids).loss
    optimizer_kind = request["optimizer"]
    fused = request.get("optimizer_impl") == "fused"
    options = {"fused": True} if fused else {}
    params = [p for p in model.parameters() if p.requires_grad]
    if optimizer_kind == "lion":  # lion-pytorch's update, as the worker runs it
        class Lion(torch.optim.Optimizer):
            def __init__(self, params, lr=1e-4, betas=(0.9, 0.99), weight_decay=0.0):
                super().__init__(params, dict(lr=lr, betas=betas, weight_decay=weight_decay))

            @torch.no_grad()
            def step(self):
                for group in self.param_groups:
                    for p in group["params"]:
                        if p.grad is None:
                            continue
                        state = self.state[p]
                        if not state:
                            state["exp_avg"] = torch.zeros_like(p)
                        exp_avg, (beta1, beta2) = state["exp_avg"], group["betas"]
                        p.mul_(1 - group["lr"] * group["weight_decay"])
                        update = exp_avg.clone().mul_(beta1).add(p.grad, alpha=1 - beta1).sign_()
                        p.add_(update, alpha=-group["lr"])
                        exp_avg.mul_(beta2).add_(p.grad, alpha=1 - beta2)
        optimizer = Lion(params)
    elif optimizer_kind == "adafactor":
        optimizer = torch.optim.Adafactor(params, lr=1e-2, foreach=False)
    elif optimizer_kind == "sgd":
        optimizer = torch.optim.SGD(params, lr=0.01)
    elif optimizer_kind == "sgd-momentum":
        optimizer = torch.optim.SGD(params, lr=0.01, momentum=0.9)
    elif optimizer_kind == "adam":
        optimizer = torch.optim.Adam(params, lr=1e-3, **options)
    else:
        optimizer = torch.optim.AdamW(params, lr=1e-3, weight_decay=0.01, **options)
    autocast_type = {"amp-fp16": torch.float16, "amp-bf16": torch.bfloat16}.get(precision)
    scaler = torch.amp.GradScaler("cuda") if precision == "amp-fp16" else None

    micro_batches = request.get("gradient_accumulation", 1)

    def step():
        if request.get("inference"):
            with torch.inference_mode(), torch.autocast("cuda", dtype=autocast_type, enabled=autocast_type is not None):
                loss = forward()
            return
        optimizer.zero_grad(set_to_none=True)
        for _ in range(micro_batches):
            with torch.autocast("cuda", dtype=autocast_type, enabled=autocast_type is not None):
                loss = forward()
            if scaler:
                scaler.scale(loss).backward()
            else:
                loss.backward()
        if scaler:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()

    first = steady = 0
    times = []
    reserved = 0
    for i in range(warmup + steps):
        torch.cuda.reset_peak_memory_stats(device)
        start = time.perf_counter()
        step()
        torch.cuda.synchronize(device)
        seconds = time.perf_counter() - start
        peak = torch.cuda.max_memory_allocated(device)
        if i == 0:
            first = peak
        if i >= warmup:
            steady = max(steady, peak)
            reserved = max(reserved, torch.cuda.max_memory_reserved(device))
            times.append(seconds)
    times.sort()
    result = {"parameter_count": sum(p.numel() for p in model.parameters()),
              "allocated_peak_bytes": steady, "first_step_allocated_peak_bytes": first,
              "reserved_peak_bytes": reserved, "step_seconds": times[len(times) // 2], "step_seconds_all": times}
    del model, optimizer, forward, step
    gc.collect()
    torch.cuda.empty_cache()
    return result


def compare(case):
    worker = (case.get("worker") or {}).get("line") or {}
    reference = case.get("pytorch") or {}
    if worker.get("event") != "result" or "allocated_peak_bytes" not in reference:
        return None
    m = worker["measured"]
    return {
        "allocated_peak_worker_over_pytorch": m["allocated_peak_bytes"] / reference["allocated_peak_bytes"],
        "allocated_peak_difference_bytes": m["allocated_peak_bytes"] - reference["allocated_peak_bytes"],
        "first_step_difference_bytes": m["first_step_allocated_peak_bytes"] - reference["first_step_allocated_peak_bytes"],
        "reserved_peak_worker_over_pytorch": m.get("reserved_peak_bytes", 0) / max(1, reference["reserved_peak_bytes"]),
        "step_seconds_worker_over_pytorch": m["step_seconds"] / reference["step_seconds"],
        "parameter_count_equal": m["parameter_count"] == reference["parameter_count"],
    }


def reference_in_child(case, device, timeout=300):
    started = time.time()
    try:
        done = subprocess.run([sys.executable, os.path.abspath(__file__), "--reference",
                               json.dumps({"request": case["request"], "kind": case["reference"]}),
                               "--device", device, "--out", "-"],
                              capture_output=True, text=True, timeout=timeout)
        lines = [l for l in done.stdout.splitlines() if l.startswith("{")]
        result = json.loads(lines[-1]) if lines else {"error": done.stderr[-2000:]}
    except subprocess.TimeoutExpired:
        result = {"error": f"timed out after {timeout} s"}
    case["pytorch"] = result
    case["pytorch_wall_seconds"] = round(time.time() - started, 2)
    case["comparison"] = compare(case)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--worker")
    parser.add_argument("--device", default="cuda:0")
    parser.add_argument("--deadline", type=float, default=0, help="seconds; 0: none")
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", default="", help="comma-separated case names")
    parser.add_argument("--reference", help="(internal) run one PyTorch reference and print it")
    args = parser.parse_args()
    if args.reference:
        import torch
        spec = json.loads(args.reference)
        try:
            result = reference_run(torch, spec["request"], spec["kind"], args.device)
            result["pytorch_version"] = torch.__version__
        except Exception as e:  # reported to the parent, which goes on
            result = {"error": f"{type(e).__name__}: {e}"[:2000]}
        print(json.dumps(result), flush=True)
        return 0

    started = time.time()
    out_of_time = lambda: args.deadline > 0 and time.time() - started > args.deadline
    selected = [c for c in CASES if not args.only or c[0] in args.only.split(",")]
    # The worker as the checkout names it, not the machine's own path: results are committed.
    worker = os.path.relpath(args.worker)
    if worker.startswith(".."):
        worker = os.path.basename(args.worker)
    report = {"device": args.device, "worker": worker, "cases": [], "skipped": []}

    def save():
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)

    probe = subprocess.run([args.worker, "--probe"], capture_output=True, text=True, timeout=120)
    report["probe"] = json.loads(probe.stdout.splitlines()[-1]) if probe.stdout.strip() else probe.stderr[-2000:]
    save()

    for name, fields, kind in selected:
        if out_of_time():
            report["skipped"].append(name)
            continue
        request = dict(fields, device=args.device, warmup_steps=1, steps=3)
        outcome = worker_run(args.worker, request)
        case = {"case": name, "request": request, "reference": kind, "worker": outcome}
        report["cases"].append(case)
        line = outcome["line"] or {}
        summary = line.get("measured", {}).get("allocated_peak_bytes", line.get("message", outcome.get("stderr_tail")))
        print(f"worker  {name:34s} {outcome['wall_seconds']:7.1f} s  {summary}", flush=True)
        save()
        if kind and args.device != "cpu":
            reference_in_child(case, args.device)
            print(f"pytorch {name:34s} {case['pytorch_wall_seconds']:7.1f} s  "
                  f"{case['comparison'] or case['pytorch'].get('error')}", flush=True)
            save()
    if not out_of_time() and not args.only:
        name, fields = MAX_BATCH_CASE
        request = dict(fields, device=args.device)
        outcome = worker_run(args.worker, request, ("--max-batch",), timeout=300)
        report["max_batch"] = {"case": name, "request": request, "worker": outcome}
        print(f"worker  {name:34s} {outcome['wall_seconds']:7.1f} s  {(outcome['line'] or {}).get('max_batch')}", flush=True)
        save()
    report["total_seconds"] = round(time.time() - started, 1)
    save()


if __name__ == "__main__":
    sys.exit(main())
