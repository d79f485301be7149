#!/usr/bin/env python3
# Run with the Python that has PyTorch (Debian: /usr/bin/python3 with python3-torch):
#   tests/bench/process-baseline.py [LOADER_WORKERS]
# core/estimate/host_needs.cpp cites what it printed.
# The host memory a PyTorch training process and each of its DataLoader workers hold before any
# model or batch: RSS, PSS and private (USS) bytes from /proc/PID/smaps_rollup.
import os, sys, time

def mem(pid="self"):
    d = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            key, _, value = line.partition(":")
            parts = value.split()
            if len(parts) == 2 and parts[1] == "kB":
                d[key] = int(parts[0]) * 1024
    d["Private"] = d.get("Private_Clean", 0) + d.get("Private_Dirty", 0)
    return d

def show(label, m):
    print(f"{label}: rss {m['Rss']/2**20:.0f} MiB, pss {m['Pss']/2**20:.0f} MiB, private {m['Private']/2**20:.0f} MiB")

show("python3 alone", mem())
import torch
show(f"after import torch {torch.__version__}", mem())
model = torch.nn.Sequential(torch.nn.Linear(1024, 1024), torch.nn.ReLU(), torch.nn.Linear(1024, 10))
opt = torch.optim.AdamW(model.parameters())
x = torch.randn(64, 1024)
for _ in range(3):
    opt.zero_grad(); model(x).sum().backward(); opt.step()
show("after three small training steps", mem())

class Images(torch.utils.data.Dataset):
    def __len__(self): return 100000
    def __getitem__(self, i): return torch.randn(3, 224, 224), i % 1000

workers = int(sys.argv[1]) if len(sys.argv) > 1 else 4
loader = torch.utils.data.DataLoader(Images(), batch_size=32, num_workers=workers, persistent_workers=True)
it = iter(loader)
for _ in range(4 * workers):
    next(it)
time.sleep(1)
me = str(os.getpid())
kids = [p for p in os.listdir("/proc") if p.isdigit() and open(f"/proc/{p}/stat").read().split()[3] == me]
for k in kids:
    show(f"loader worker {k}", mem(k))
show("main process with its loader", mem())
