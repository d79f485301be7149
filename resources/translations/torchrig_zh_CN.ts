<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>&amp;Export chart…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>%1 could not be written (use .png or .pdf).</source>
        <translation>无法写入 %1（请使用 .png 或 .pdf）。</translation>
    </message>
    <message>
        <source>TorchRig cannot start</source>
        <translation>TorchRig 无法启动</translation>
    </message>
    <message>
        <source>Lab database not used</source>
        <translation>未使用实验室数据库</translation>
    </message>
    <message>
        <source>TorchRig started without the lab database: %1</source>
        <translation>TorchRig 已在不连接实验室数据库的情况下启动：%1</translation>
    </message>
</context>
<context>
    <name>advice</name>
    <message>
        <source> (now fits)</source>
        <translation>（现在能装下）</translation>
    </message>
    <message>
        <source> (no longer fits)</source>
        <translation>（不再能装下）</translation>
    </message>
    <message>
        <source>, step %1 -&gt; %2 ms, %3 -&gt; %4 samples/s</source>
        <translation>，单步时间 %1 → %2 ms，吞吐 %3 → %4 样本/秒</translation>
    </message>
    <message>
        <source>allocated %1 -&gt; %2 GiB per GPU%3%4</source>
        <translation>每卡已分配显存 %1 → %2 GiB%3%4</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>train with automatic mixed precision (%1): %2 has tensor cores for it</source>
        <translation>使用自动混合精度训练（%1）：%2 具备相应的张量核心</translation>
    </message>
    <message>
        <source>50 % less memory, 30-50 % faster (seeds/003 3.1: FP16 2-3x faster)</source>
        <translation>显存减少 50 %，速度提升 30–50 %（seeds/003 3.1：FP16 快 2–3 倍）</translation>
    </message>
    <message>
        <source>the workload leaves under 10 % of the GPU free: checkpoint each block to make room</source>
        <translation>该训练任务剩余的显存不足 10 %：对每个模块启用激活检查点以腾出空间</translation>
    </message>
    <message>
        <source>the workload does not fit: checkpointing each block recomputes its activations in backward instead of keeping them</source>
        <translation>该训练任务装不下：逐模块激活检查点会在反向传播时重新计算各模块的激活值，而不是一直保存</translation>
    </message>
    <message>
        <source>60-80 % less memory for 10-20 % more time (seeds/002: 80 % for 20 %)</source>
        <translation>多用 10–20 % 的时间，换取显存减少 60–80 %（seeds/002：以 20 % 换 80 %）</translation>
    </message>
    <message>
        <source>the workload does not fit: half the batch with twice the accumulation keeps the effective batch of %1</source>
        <translation>该训练任务装不下：批大小减半、梯度累积步数加倍，可保持有效批大小 %1 不变</translation>
    </message>
    <message>
        <source>reduce the batch or use gradient accumulation</source>
        <translation>减小批大小或使用梯度累积</translation>
    </message>
    <message>
        <source>the article&apos;s rule gives batch %1 on %2; the estimate fits up to %3 per GPU here</source>
        <translation>按文章的经验规则，%2 上的批大小取 %1；估算表明此处每卡最多能装下 %3</translation>
    </message>
    <message>
        <source>batch 32 under 12e9 bytes of GPU memory, else 64 (CNN/RNN models)</source>
        <translation>显存小于 12e9 字节时批大小取 32，否则取 64（CNN/RNN 模型）</translation>
    </message>
    <message>
        <source>the article&apos;s formula (parameters x %1 bytes) gives %2 GiB; the estimate&apos;s device peak is %3 GiB per GPU</source>
        <translation>按文章的公式（参数量 × %1 字节）得 %2 GiB；估算的每卡显存峰值为 %3 GiB</translation>
    </message>
    <message>
        <source>VRAM = parameters x 4 (FP32) or x 2 (FP16)</source>
        <translation>显存 = 参数量 × 4（FP32）或 × 2（FP16）</translation>
    </message>
    <message>
        <source>the nodes&apos; network carries about %1 GB/s (both ways), under the article&apos;s 100 GB/s between GPUs; the step&apos;s gradient exchange takes %2 ms</source>
        <translation>节点间网络带宽约 %1 GB/s（双向），低于文章要求的 GPU 间 100 GB/s；每步的梯度交换耗时 %2 ms</translation>
    </message>
    <message>
        <source>the GPUs talk at about %1 GB/s (both ways), under the article&apos;s 100 GB/s; the step&apos;s gradient exchange takes %2 ms (the CPU&apos;s lanes run each card at x%3)</source>
        <translation>GPU 之间通信约 %1 GB/s（双向），低于文章要求的 100 GB/s；每步的梯度交换耗时 %2 ms（受 CPU 通道数限制，每卡以 x%3 运行）</translation>
    </message>
    <message>
        <source>the GPUs talk at about %1 GB/s (both ways), under the article&apos;s 100 GB/s; the step&apos;s gradient exchange takes %2 ms</source>
        <translation>GPU 之间通信约 %1 GB/s（双向），低于文章要求的 100 GB/s；每步的梯度交换耗时 %2 ms</translation>
    </message>
    <message>
        <source>%1, of which %2 ms (%3 % of the step) backward cannot hide</source>
        <translation>%1，其中 %2 ms（占单步时间的 %3 %）无法被反向传播掩盖</translation>
    </message>
    <message>
        <source>data parallel wants &gt;= 100 GB/s between GPUs: NVLink or PCIe 4.0 x16</source>
        <translation>数据并行要求 GPU 间带宽 ≥ 100 GB/s：NVLink 或 PCIe 4.0 x16</translation>
    </message>
    <message>
        <source>PCIe 4.0 x16 gives about 63 GB/s both ways, below the article&apos;s own threshold</source>
        <translation>PCIe 4.0 x16 双向约 63 GB/s，低于文章自己给出的门槛</translation>
    </message>
    <message>
        <source>a faster network between the nodes (more or faster InfiniBand ports), more GPUs per node, or a larger batch per step (accumulation) to send less often</source>
        <translation>更快的节点间网络（更多或更快的 InfiniBand 端口）、每节点更多 GPU，或加大每步的批量（梯度累积）以减少通信次数</translation>
    </message>
    <message>
        <source>cards with NVLink (RTX 3090, A6000, A100), or a larger batch per step (accumulation) to send less often</source>
        <translation>选用支持 NVLink 的显卡（RTX 3090、A6000、A100），或加大每步的批量（梯度累积）以减少通信次数</translation>
    </message>
    <message>
        <source>%1 data-loader workers per GPU and the training processes want %2 threads per node; the CPU has %3</source>
        <translation>每卡 %1 个数据加载进程加上训练进程，每节点共需 %2 个线程；CPU 只有 %3 个</translation>
    </message>
    <message>
        <source>a multi-core CPU (&gt;= 8 cores, 1.1) and num_workers=8</source>
        <translation>多核 CPU（≥ 8 核，1.1）并设置 num_workers=8</translation>
    </message>
    <message>
        <source>a CPU with more cores</source>
        <translation>核心数更多的 CPU</translation>
    </message>
    <message>
        <source>the CPU has %1 cores; the article asks &gt;= 8 so that data loading keeps the GPU busy</source>
        <translation>CPU 只有 %1 个核心；文章要求 ≥ 8 核，以便数据加载能让 GPU 保持忙碌</translation>
    </message>
    <message>
        <source>&gt;= 8 cores with hyper-threading for concurrent data loading</source>
        <translation>≥ 8 核并支持超线程，用于并发数据加载</translation>
    </message>
    <message>
        <source>a CPU with 8 or more cores if data loading shows in the step</source>
        <translation>若数据加载拖慢了单步时间，换用 8 核或以上的 CPU</translation>
    </message>
    <message>
        <source>the fastest drive reads %1 MB/s, under the article&apos;s 3000 MB/s</source>
        <translation>最快的硬盘读取速度为 %1 MB/s，低于文章要求的 3000 MB/s</translation>
    </message>
    <message>
        <source>an NVMe SSD of &gt;= 3000 MB/s, such as a Samsung 980 Pro or WD SN850</source>
        <translation>读取速度 ≥ 3000 MB/s 的 NVMe SSD，如 Samsung 980 Pro 或 WD SN850</translation>
    </message>
    <message>
        <source>an NVMe SSD for the dataset</source>
        <translation>用 NVMe SSD 存放数据集</translation>
    </message>
    <message>
        <source>the estimated pace reads %1 MB/s of samples; %2 reads %3 MB/s</source>
        <translation>按估算的训练速度需读取 %1 MB/s 的样本；%2 的读取速度为 %3 MB/s</translation>
    </message>
    <message>
        <source>an NVMe SSD of &gt;= 3000 MB/s</source>
        <translation>读取速度 ≥ 3000 MB/s 的 NVMe SSD</translation>
    </message>
    <message>
        <source>a faster drive, or the dataset in RAM</source>
        <translation>更快的硬盘，或将数据集放入内存</translation>
    </message>
    <message>
        <source>the dataset (%1 GB) fits in the build&apos;s %2 GB of RAM beside the run: keep it in memory and read the drive once</source>
        <translation>数据集（%1 GB）与训练进程可一同放入配置的 %2 GB 内存：将其缓存在内存中，硬盘只需读取一次</translation>
    </message>
    <message>
        <source>100,000 images of 224x224 RGB (about 150 KB each) need about 15 GB uncompressed</source>
        <translation>10 万张 224×224 RGB 图像（每张约 150 KB）未压缩时约需 15 GB</translation>
    </message>
    <message>
        <source>the build has %1 GB of RAM; the article asks &gt;= 32 GB for models of BERT&apos;s size</source>
        <translation>配置只有 %1 GB 内存；文章要求 BERT 规模的模型配 ≥ 32 GB</translation>
    </message>
    <message>
        <source>16 GB for small models (ResNet-18), &gt;= 32 GB for BERT-class ones</source>
        <translation>小模型（ResNet-18）16 GB，BERT 级模型 ≥ 32 GB</translation>
    </message>
    <message>
        <source>32 GB or more</source>
        <translation>32 GB 或以上</translation>
    </message>
    <message>
        <source>cap each GPU at about %1 W (rated %2 W): the supply keeps its 20 % headroom and the cards run cooler; large matmuls lose roughly the share of power cut, memory-bound steps less</source>
        <translation>将每块 GPU 的功耗限制在约 %1 W（额定 %2 W）：电源可保留 20 % 的余量，显卡温度也更低；大型矩阵乘法的性能损失大致与功耗削减的比例相当，受显存带宽限制的步骤损失更小</translation>
    </message>
    <message>
        <source>nvidia-smi -i 0 -pl 250 limits GPU 0 to 250 W</source>
        <translation>nvidia-smi -i 0 -pl 250 将 GPU 0 的功耗限制为 250 W</translation>
    </message>
    <message>
        <source>nvidia-smi -pl %1 (per GPU, as root; it resets at reboot)</source>
        <translation>nvidia-smi -pl %1（作用于每块 GPU，需 root 权限；重启后失效）</translation>
    </message>
    <message>
        <source>the cards sit side by side: plan the airflow, or water-cool them</source>
        <translation>显卡紧挨着安装：请规划好风道，或改用水冷</translation>
    </message>
    <message>
        <source>cards of 400 W or more need a chassis built for their heat</source>
        <translation>400 W 及以上的显卡需要能应对其发热的机箱</translation>
    </message>
    <message>
        <source>custom-loop liquid cooling for high-power cards such as A100/H100</source>
        <translation>A100/H100 等高功耗显卡采用定制分体式水冷</translation>
    </message>
    <message>
        <source>SXM modules are cooled by the server&apos;s own heatsinks and fans or its liquid loop; the article&apos;s custom loop applies to PCIe cards</source>
        <translation>SXM 模组由服务器自带的散热器和风扇或其液冷回路散热；文章所说的定制分体式水冷适用于 PCIe 卡</translation>
    </message>
    <message>
        <source>a server chassis with front-to-back airflow, blower or water-cooled cards, or a power limit</source>
        <translation>前进后出风道的服务器机箱、涡轮散热或水冷显卡，或限制功耗</translation>
    </message>
    <message>
        <source>at the hours given, buying pays off only after %1 months against %2, past the build&apos;s %3 months</source>
        <translation>按给定的使用时长，与 %2 相比，购买要 %1 个月才能回本，超出了配置 %3 个月的使用期</translation>
    </message>
    <message>
        <source>at the hours given, renting the same work stays cheaper than the build&apos;s energy alone</source>
        <translation>按给定的使用时长，租用完成同样工作的费用比配置单是电费还低</translation>
    </message>
    <message>
        <source>cloud GPUs such as AWS p4d.24xlarge give start-up teams compute without a heavy up-front purchase</source>
        <translation>AWS p4d.24xlarge 等云 GPU 让初创团队无需高额前期采购即可获得算力</translation>
    </message>
    <message>
        <source>rent for short or occasional experiments; buy when the GPUs stay busy</source>
        <translation>短期或偶尔的实验适合租用；GPU 长期处于忙碌状态时适合购买</translation>
    </message>
    <message>
        <source>within each node the GPUs talk at about %1 GB/s (both ways), under the article&apos;s 100 GB/s, where NCCL reaches %2 GB/s each way, less than the %3 over the nodes&apos; network; the step&apos;s gradient exchange takes %4 ms</source>
        <translation>节点内 GPU 之间约 %1 GB/s（双向），低于文章要求的 100 GB/s；NCCL 在节点内每个方向只达到 %2 GB/s，低于节点间网络的 %3 GB/s；每步梯度交换耗时 %4 ms</translation>
    </message>
    <message>
        <source>%1, under 1 % of the step at this workload</source>
        <translation>%1，在此工作负载下不到单步时间的 1 %</translation>
    </message>
    <message>
        <source>it saves activation memory only; how much of the total depends on the model and batch (an error in the article), so the figures here are computed</source>
        <translation>它只节省激活值占用的显存；占总量多少取决于模型和批大小（原文有误），因此这里的数字是计算得出的</translation>
    </message>
    <message>
        <source>that is the weights alone: gradients, optimizer state and activations come on top (an error in the article)</source>
        <translation>这只是权重本身：梯度、优化器状态和激活值还要另外计入（原文有误）</translation>
    </message>
    <message>
        <source>set %1 W per card with its vendor&apos;s management tool (nvidia-smi reaches NVIDIA&apos;s cards only)</source>
        <translation>用该卡厂商的管理工具把每张卡限制在 %1 W（nvidia-smi 只能管理 NVIDIA 的卡）</translation>
    </message>
</context>
<context>
    <name>catalog</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory kit</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Motherboard</source>
        <translation>主板</translation>
    </message>
    <message>
        <source>Power supply</source>
        <translation>电源</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>机箱</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <source>Cloud instance</source>
        <translation>云实例</translation>
    </message>
    <message>
        <source>CPU cooler</source>
        <translation>CPU 散热器</translation>
    </message>
    <message>
        <source>GPU server</source>
        <translation>GPU 服务器</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Compute capability</source>
        <translation>计算能力</translation>
    </message>
    <message>
        <source>VRAM (marketing)</source>
        <translation>显存（标称）</translation>
    </message>
    <message>
        <source>VRAM reported by the driver</source>
        <translation>驱动报告的显存</translation>
    </message>
    <message>
        <source>Memory type</source>
        <translation>内存类型</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>TF32 tensor, dense</source>
        <translation>TF32 张量（稠密）</translation>
    </message>
    <message>
        <source>FP16 tensor, dense</source>
        <translation>FP16 张量（稠密）</translation>
    </message>
    <message>
        <source>BF16 tensor, dense</source>
        <translation>BF16 张量（稠密）</translation>
    </message>
    <message>
        <source>FP8 tensor, dense</source>
        <translation>FP8 张量（稠密）</translation>
    </message>
    <message>
        <source>Tensor rates quoted for accumulate in</source>
        <translation>张量算力对应的累加精度</translation>
    </message>
    <message>
        <source>Board power</source>
        <translation>板卡功耗</translation>
    </message>
    <message>
        <source>Form factor</source>
        <translation>规格</translation>
    </message>
    <message>
        <source>PCIe generation</source>
        <translation>PCIe 代数</translation>
    </message>
    <message>
        <source>PCIe lanes</source>
        <translation>PCIe 通道数</translation>
    </message>
    <message>
        <source>GPU-to-GPU link</source>
        <translation>GPU 间互连</translation>
    </message>
    <message>
        <source>GPU link bandwidth</source>
        <translation>GPU 互连带宽</translation>
    </message>
    <message>
        <source>Slot width</source>
        <translation>占用槽位</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Power connectors</source>
        <translation>供电接口</translation>
    </message>
    <message>
        <source>Launch year</source>
        <translation>发布年份</translation>
    </message>
    <message>
        <source>Cooler</source>
        <translation>散热方式</translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>核心数</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>Base clock</source>
        <translation>基础频率</translation>
    </message>
    <message>
        <source>Boost clock</source>
        <translation>加速频率</translation>
    </message>
    <message>
        <source>Socket</source>
        <translation>插槽</translation>
    </message>
    <message>
        <source>TDP</source>
        <translation>TDP</translation>
    </message>
    <message>
        <source>PCIe lanes from the CPU</source>
        <translation>CPU 提供的 PCIe 通道</translation>
    </message>
    <message>
        <source>Memory speed</source>
        <translation>内存频率</translation>
    </message>
    <message>
        <source>Memory channels</source>
        <translation>内存通道数</translation>
    </message>
    <message>
        <source>ECC memory</source>
        <translation>ECC 内存</translation>
    </message>
    <message>
        <source>Launch date</source>
        <translation>发布日期</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>内存条类型</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>条数</translation>
    </message>
    <message>
        <source>Module size</source>
        <translation>单条容量</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>频率</translation>
    </message>
    <message>
        <source>CAS latency</source>
        <translation>CAS 延迟</translation>
    </message>
    <message>
        <source>ECC</source>
        <translation>ECC</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>接口</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Sequential read</source>
        <translation>顺序读取</translation>
    </message>
    <message>
        <source>Sequential write</source>
        <translation>顺序写入</translation>
    </message>
    <message>
        <source>Endurance</source>
        <translation>写入寿命</translation>
    </message>
    <message>
        <source>Chipset</source>
        <translation>芯片组</translation>
    </message>
    <message>
        <source>Memory slots</source>
        <translation>内存插槽</translation>
    </message>
    <message>
        <source>Maximum memory</source>
        <translation>最大内存</translation>
    </message>
    <message>
        <source>ECC support</source>
        <translation>ECC 支持</translation>
    </message>
    <message>
        <source>M.2 slots</source>
        <translation>M.2 插槽</translation>
    </message>
    <message>
        <source>CPU sockets</source>
        <translation>CPU 插座数</translation>
    </message>
    <message>
        <source>Lanes shared between slots (positions: lanes)</source>
        <translation>插槽间共享通道（位置：通道）</translation>
    </message>
    <message>
        <source>Rated output</source>
        <translation>额定功率</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>转换效率</translation>
    </message>
    <message>
        <source>ATX version</source>
        <translation>ATX 版本</translation>
    </message>
    <message>
        <source>PCIe 8-pin connectors</source>
        <translation>PCIe 8-pin 接口</translation>
    </message>
    <message>
        <source>12VHPWR / 12V-2x6 connectors</source>
        <translation>12VHPWR / 12V-2x6 接口</translation>
    </message>
    <message>
        <source>Redundancy</source>
        <translation>冗余</translation>
    </message>
    <message>
        <source>Boards</source>
        <translation>支持主板</translation>
    </message>
    <message>
        <source>Expansion slots</source>
        <translation>扩展槽位</translation>
    </message>
    <message>
        <source>Longest GPU</source>
        <translation>显卡限长</translation>
    </message>
    <message>
        <source>3.5-inch bays</source>
        <translation>3.5 英寸仓位</translation>
    </message>
    <message>
        <source>2.5-inch bays</source>
        <translation>2.5 英寸仓位</translation>
    </message>
    <message>
        <source>Tallest CPU cooler</source>
        <translation>CPU 散热器限高</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>Link rate per port</source>
        <translation>每端口速率</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>端口数</translation>
    </message>
    <message>
        <source>Joins</source>
        <translation>适用于</translation>
    </message>
    <message>
        <source>Slot spacing</source>
        <translation>槽位间距</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>服务商</translation>
    </message>
    <message>
        <source>Instance type</source>
        <translation>实例类型</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>Catalog GPU</source>
        <translation>目录中的 GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>vCPUs</source>
        <translation>vCPU</translation>
    </message>
    <message>
        <source>RAM</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>GPU interconnect</source>
        <translation>GPU 互连</translation>
    </message>
    <message>
        <source>Sockets</source>
        <translation>支持插槽</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>Radiator</source>
        <translation>冷排</translation>
    </message>
    <message>
        <source>GPUs it holds</source>
        <translation>支持的 GPU</translation>
    </message>
    <message>
        <source>GPU places</source>
        <translation>GPU 位数</translation>
    </message>
    <message>
        <source>GPUs included (catalog GPU)</source>
        <translation>随附 GPU（目录中的 GPU）</translation>
    </message>
    <message>
        <source>GPUs included</source>
        <translation>随附 GPU 数</translation>
    </message>
    <message>
        <source>CPU socket</source>
        <translation>CPU 插槽</translation>
    </message>
    <message>
        <source>CPUs included</source>
        <translation>随附 CPU</translation>
    </message>
    <message>
        <source>PCIe expansion</source>
        <translation>PCIe 扩展</translation>
    </message>
    <message>
        <source>Drive bays</source>
        <translation>硬盘仓位</translation>
    </message>
    <message>
        <source>Power supplies</source>
        <translation>电源数</translation>
    </message>
    <message>
        <source>Each supply</source>
        <translation>单个电源</translation>
    </message>
    <message>
        <source>Supply redundancy</source>
        <translation>电源冗余</translation>
    </message>
    <message>
        <source>Maximum system power</source>
        <translation>最大系统功耗</translation>
    </message>
    <message>
        <source>Network included</source>
        <translation>随附网络</translation>
    </message>
    <message>
        <source>VRAM type</source>
        <translation>显存类型</translation>
    </message>
    <message>
        <source>PCIe slots (gen x lanes @ position, c: wired from the chipset)</source>
        <translation>PCIe 插槽（代数 x 通道数 @ 位置，c：由芯片组引出）</translation>
    </message>
    <message>
        <source>PyTorch backend</source>
        <translation>PyTorch 后端</translation>
    </message>
    <message>
        <source>8-pin CPU (EPS) power inputs</source>
        <translation>8-pin CPU (EPS) 供电接口</translation>
    </message>
    <message>
        <source>8-pin CPU (EPS) connectors</source>
        <translation>8-pin CPU (EPS) 接口</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>no findings</source>
        <translation>没有发现问题</translation>
    </message>
    <message>
        <source>problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>fix</source>
        <translation>处理办法</translation>
    </message>
    <message>
        <source>catalog fix</source>
        <translation>目录中的替换方案</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查项</translation>
    </message>
    <message>
        <source>no advice on renting</source>
        <translation>无租用建议</translation>
    </message>
    <message>
        <source>no workload given (--model, --batch): only the build&apos;s own advice</source>
        <translation>未指定训练任务（--model、--batch）：仅给出配置本身的建议</translation>
    </message>
    <message>
        <source>no advice for this build and workload</source>
        <translation>此配置和训练任务没有建议</translation>
    </message>
    <message>
        <source>no advice for this build</source>
        <translation>此配置没有建议</translation>
    </message>
    <message>
        <source>source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>the article</source>
        <translation>原文</translation>
    </message>
    <message>
        <source>but</source>
        <translation>但</translation>
    </message>
    <message>
        <source>change</source>
        <translation>修改</translation>
    </message>
    <message>
        <source>or</source>
        <translation>或</translation>
    </message>
</context>
<context>
    <name>compatibility</name>
    <message>
        <source>CPU cooler fit where the build has no cooler, or the case gives no clearance</source>
        <translation>配置中没有散热器或机箱未给出限高时的 CPU 散热器安装空间</translation>
    </message>
    <message>
        <source>open-air versus blower GPU coolers when the catalog does not say which a card has</source>
        <translation>目录未说明显卡散热方式时的开放式与涡轮式散热区别</translation>
    </message>
    <message>
        <source>the chassis&apos;s fan layout and airflow</source>
        <translation>机箱的风扇布局与风道</translation>
    </message>
    <message>
        <source>BIOS versions a CPU needs on an older board</source>
        <translation>旧主板上 CPU 所需的 BIOS 版本</translation>
    </message>
    <message>
        <source>M.2 slots sharing lanes with PCIe slots or SATA ports</source>
        <translation>M.2 插槽与 PCIe 插槽或 SATA 接口共享通道</translation>
    </message>
    <message>
        <source>RAM kit speed and timing support (QVL)</source>
        <translation>内存套条的频率与时序支持（QVL）</translation>
    </message>
    <message>
        <source>rack depth, rails and the data centre&apos;s power and cooling</source>
        <translation>机架深度、导轨以及数据中心的供电与制冷</translation>
    </message>
    <message>
        <source>the build has no parts</source>
        <translation>配置中没有配件</translation>
    </message>
    <message>
        <source>add parts from the catalog, or start from a preset</source>
        <translation>从硬件目录添加配件，或从预设开始</translation>
    </message>
    <message>
        <source>the build has no CPU, so nothing is checked against it</source>
        <translation>配置中没有 CPU，因此无法据此检查</translation>
    </message>
    <message>
        <source>add a CPU</source>
        <translation>添加 CPU</translation>
    </message>
    <message>
        <source>the build has no motherboard, so nothing is checked against it</source>
        <translation>配置中没有主板，因此无法据此检查</translation>
    </message>
    <message>
        <source>add a motherboard</source>
        <translation>添加主板</translation>
    </message>
    <message>
        <source>the build has no memory, so nothing is checked against it</source>
        <translation>配置中没有内存，因此无法据此检查</translation>
    </message>
    <message>
        <source>add memory</source>
        <translation>添加内存</translation>
    </message>
    <message>
        <source>the build has no power supply, so nothing is checked against it</source>
        <translation>配置中没有电源，因此无法据此检查</translation>
    </message>
    <message>
        <source>add a power supply</source>
        <translation>添加电源</translation>
    </message>
    <message>
        <source>the build has no storage, so nothing is checked against it</source>
        <translation>配置中没有存储，因此无法据此检查</translation>
    </message>
    <message>
        <source>add storage</source>
        <translation>添加存储</translation>
    </message>
    <message>
        <source>%1 fits socket %2; %3 has %4</source>
        <translation>%1 使用 %2 插槽；%3 为 %4</translation>
    </message>
    <message>
        <source>choose a %1 board, or a CPU for %2</source>
        <translation>请选择 %1 主板，或适用于 %2 的 CPU</translation>
    </message>
    <message>
        <source>%1 is %2; %3 takes %4</source>
        <translation>%1 为 %2；%3 支持 %4</translation>
    </message>
    <message>
        <source>choose %1 memory</source>
        <translation>请选择 %1 内存</translation>
    </message>
    <message>
        <source>%1 is %2 memory; %3 takes registered (RDIMM) modules</source>
        <translation>%1 为 %2 内存；%3 需要带寄存器的（RDIMM）内存条</translation>
    </message>
    <message>
        <source>%1 is %2 memory; %3 takes unbuffered (UDIMM) modules</source>
        <translation>%1 为 %2 内存；%3 需要无缓冲（UDIMM）内存条</translation>
    </message>
    <message>
        <source>choose %1 modules</source>
        <translation>请选择 %1 内存条</translation>
    </message>
    <message>
        <source>%1 memory modules for %2 slots on %3</source>
        <translation>%1 根内存条，但 %3 只有 %2 个插槽</translation>
    </message>
    <message>
        <source>use fewer, larger modules</source>
        <translation>改用数量更少、容量更大的内存条</translation>
    </message>
    <message>
        <source>%1 GB of memory; %2 takes at most %3 GB</source>
        <translation>内存共 %1 GB；%2 最多支持 %3 GB</translation>
    </message>
    <message>
        <source>use less memory, or a board that takes more</source>
        <translation>减少内存，或选择支持更大容量的主板</translation>
    </message>
    <message>
        <source>choose a case for %1 boards</source>
        <translation>请选择支持 %1 主板的机箱</translation>
    </message>
    <message>
        <source>%1 mounts on %2; %3 is %4</source>
        <translation>%1 支持 %2；%3 为 %4</translation>
    </message>
    <message>
        <source>choose a cooler with a %1 mount</source>
        <translation>请选择带 %1 扣具的散热器</translation>
    </message>
    <message>
        <source>%1 is %2 mm tall; %3 takes coolers up to %4 mm</source>
        <translation>%1 高 %2 mm；%3 的散热器限高为 %4 mm</translation>
    </message>
    <message>
        <source>a lower cooler, a liquid cooler, or a wider case</source>
        <translation>更矮的散热器、水冷散热器，或更宽的机箱</translation>
    </message>
    <message>
        <source>%1 is an %2 module: it sits on a server&apos;s GPU baseboard (%3), not in a motherboard&apos;s PCIe slot</source>
        <translation>%1 是 %2 模组：需安装在服务器的 GPU 基板（%3）上，不能插入主板的 PCIe 插槽</translation>
    </message>
    <message>
        <source>add a GPU server that holds %1 modules, or choose PCIe cards</source>
        <translation>添加可容纳 %1 模组的 GPU 服务器，或改选 PCIe 卡</translation>
    </message>
    <message>
        <source>%1 is an %2 module; %3 holds %4 GPUs</source>
        <translation>%1 是 %2 模组；%3 容纳的是 %4 GPU</translation>
    </message>
    <message>
        <source>choose a server for %1 modules</source>
        <translation>请选择适用于 %1 模组的服务器</translation>
    </message>
    <message>
        <source>%1 GPUs for %2 places in %3</source>
        <translation>%1 个 GPU，但 %3 只有 %2 个位置</translation>
    </message>
    <message>
        <source>use fewer GPUs, or another server</source>
        <translation>减少 GPU 数量，或换用其他服务器</translation>
    </message>
    <message>
        <source>%1 ships with %2, not %3</source>
        <translation>%1 随附的是 %2，而不是 %3</translation>
    </message>
    <message>
        <source>choose the server&apos;s own GPUs, or a barebone server</source>
        <translation>请选用服务器自带的 GPU，或选择准系统服务器</translation>
    </message>
    <message>
        <source>the lowest card, in slot %1 and %2 slots wide, reaches slot %3; %4 has %5 expansion slots</source>
        <translation>最下方的卡位于第 %1 槽、宽 %2 槽，延伸到第 %3 槽；%4 只有 %5 个扩展槽位</translation>
    </message>
    <message>
        <source>a case with more expansion slots (8 or more for a wide card in the last slot)</source>
        <translation>选择扩展槽位更多的机箱（宽卡插在最后一个插槽时需 8 个以上）</translation>
    </message>
    <message>
        <source>%1 GPUs of %2 slots&apos; width: %3&apos;s slots (%4) take %5 without one covering the next</source>
        <translation>%1 个 %2 槽宽的 GPU：%3 的插槽（%4）只能装下 %5 个而不互相遮挡</translation>
    </message>
    <message>
        <source>choose a board with slots further apart, narrower (blower) cards, or riser cables</source>
        <translation>选择插槽间距更大的主板、更窄的（涡轮）卡，或使用延长线</translation>
    </message>
    <message>
        <source>%1 GPUs at x16 and %2 NVMe drives at x4 want %3 PCIe lanes; %4 has %5</source>
        <translation>%1 个 x16 的 GPU 和 %2 个 x4 的 NVMe 硬盘需要 %3 条 PCIe 通道；%4 只有 %5 条</translation>
    </message>
    <message>
        <source>expect the cards at x8 (data-parallel all-reduce slows), or a workstation CPU with more lanes</source>
        <translation>显卡将以 x8 运行（数据并行的 all-reduce 会变慢），或选择通道更多的工作站 CPU</translation>
    </message>
    <message>
        <source>%1 is not a card %2 joins</source>
        <translation>%2 不能连接 %1</translation>
    </message>
    <message>
        <source>%1 has no NVLink connector: %2 cannot join it</source>
        <translation>%1 没有 NVLink 接口：%2 无法连接它</translation>
    </message>
    <message>
        <source>choose the bridge made for this card</source>
        <translation>请选择为这款卡设计的桥接器</translation>
    </message>
    <message>
        <source>remove the bridge; the cards talk over PCIe (an RTX 3090, A6000 or A5000 pair has NVLink)</source>
        <translation>请移除桥接器；显卡之间经 PCIe 通信（RTX 3090、A6000 或 A5000 成对使用时才有 NVLink）</translation>
    </message>
    <message>
        <source>%1 is %2 mm long; %3 takes %4 mm</source>
        <translation>%1 长 %2 mm；%3 的显卡限长为 %4 mm</translation>
    </message>
    <message>
        <source>choose a longer case</source>
        <translation>请选择更长的机箱</translation>
    </message>
    <message>
        <source>%1 cards side by side: open-air coolers recirculate each other&apos;s heat and throttle</source>
        <translation>%1 张卡并排：开放式散热会互相吸入热风并降频</translation>
    </message>
    <message>
        <source>blower or water-cooled cards, a server chassis with front-to-back airflow, or a power limit</source>
        <translation>改用涡轮或水冷显卡、前进后出风道的服务器机箱，或限制功耗</translation>
    </message>
    <message>
        <source>slots %1 of %2 share their lanes: with a card in each they run %3</source>
        <translation>%2 的插槽 %1 共享通道：每个都插卡时以 %3 运行</translation>
    </message>
    <message>
        <source>expect the cards&apos; host transfers and all-reduce at that width, or a board with more lanes</source>
        <translation>显卡与主机的传输和 all-reduce 将以该带宽运行，或选择通道更多的主板</translation>
    </message>
    <message>
        <source>%1 (GPUs %2, CPU %3, platform %4)</source>
        <translation>%1（GPU %2，CPU %3，平台 %4）</translation>
    </message>
    <message>
        <source>the load of %1 exceeds %2&apos;s %3</source>
        <translation>负载 %1 超过 %2 的 %3</translation>
    </message>
    <message>
        <source>choose a supply of at least %1</source>
        <translation>请选择至少 %1 的电源</translation>
    </message>
    <message>
        <source>the load of %1 is over 80 % of %2&apos;s %3</source>
        <translation>负载 %1 超过 %2 额定 %3 的 80 %</translation>
    </message>
    <message>
        <source>the GPUs&apos; power excursions (up to twice their %1 for microseconds) can trip %2, which is not an ATX 3.x supply</source>
        <translation>GPU 的瞬时功耗尖峰（微秒级可达其 %1 的两倍）可能触发 %2 的保护，它不是 ATX 3.x 电源</translation>
    </message>
    <message>
        <source>choose an ATX 3.x supply, or one rated for the peaks</source>
        <translation>请选择 ATX 3.x 电源，或额定可承受尖峰的电源</translation>
    </message>
    <message>
        <source>the cards take %1 16-pin and %2 8-pin PCIe cable(s); %3 has %4 16-pin and %5 8-pin</source>
        <translation>显卡需要 %1 根 16-pin 和 %2 根 8-pin PCIe 线缆；%3 有 %4 根 16-pin 和 %5 根 8-pin</translation>
    </message>
    <message>
        <source>choose a supply with %1 16-pin (12V-2x6) cables, or enough 8-pin ones for the cards&apos; adapters</source>
        <translation>请选择带 %1 根 16-pin（12V-2x6）线缆的电源，或 8-pin 线缆足够显卡转接头使用的电源</translation>
    </message>
    <message>
        <source>%1: %2 card(s) through the adapter&apos;s %3 8-pin cables</source>
        <translation>%1：%2 张卡经转接头使用 %3 根 8-pin 线缆</translation>
    </message>
    <message>
        <source>a native 16-pin cable is simpler and leaves no adapter to seat badly</source>
        <translation>原生 16-pin 线缆更简单，也不会有转接头插接不牢的问题</translation>
    </message>
    <message>
        <source>choose a supply with at least %1 8-pin PCIe cables</source>
        <translation>请选择至少有 %1 根 8-pin PCIe 线缆的电源</translation>
    </message>
    <message>
        <source>the build draws about %1 per node at load; a %2 A x %3 V circuit carries %4 continuously</source>
        <translation>满载时每个节点约耗电 %1；%2 A × %3 V 的回路可持续承载 %4</translation>
    </message>
    <message>
        <source>give each node its own circuit, a 220-240 V or higher-current one, or cap the GPUs&apos; power (nvidia-smi -pl)</source>
        <translation>为每个节点单独供电、改用 220-240 V 或更大电流的回路，或限制 GPU 功耗（nvidia-smi -pl）</translation>
    </message>
    <message>
        <source>%1 needs %2 of host RAM per node (loaders, pinned buffers, the dataset cache, a checkpoint&apos;s copy); the build has %3</source>
        <translation>%1 每个节点需要 %2 主机内存（数据加载进程、锁页缓冲、数据集缓存、检查点副本）；配置只有 %3</translation>
    </message>
    <message>
        <source>%1 needs %2 of host RAM per node (loaders, pinned buffers, a checkpoint&apos;s copy); the build has %3</source>
        <translation>%1 每个节点需要 %2 主机内存（数据加载进程、锁页缓冲、检查点副本）；配置只有 %3</translation>
    </message>
    <message>
        <source>more memory, or leave the dataset on disk</source>
        <translation>增加内存，或将数据集留在磁盘上</translation>
    </message>
    <message>
        <source>more memory</source>
        <translation>增加内存</translation>
    </message>
    <message>
        <source>%1 keeps %2 on disk (the dataset and the kept checkpoints); the build&apos;s drives hold %3</source>
        <translation>%1 需在磁盘上保存 %2（数据集与保留的检查点）；配置的硬盘容量为 %3</translation>
    </message>
    <message>
        <source>larger drives, or fewer kept checkpoints</source>
        <translation>更大的硬盘，或少保留一些检查点</translation>
    </message>
    <message>
        <source>%1 × %2 instead of %3</source>
        <translation>%1 × %2（原为 %3）</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Replace %1 with %2</source>
        <translation>将 %1 换成 %2</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>choose a board that wires every card from the CPU (x8/x8 at least), or expect the all-reduce to show in the step time</source>
        <translation>选择所有显卡都由 CPU 通道引出的主板（至少 x8/x8），否则 all-reduce 会体现在单步时间里</translation>
    </message>
    <message>
        <source>host RAM and storage against a workload&apos;s needs, unless the build plans one</source>
        <translation>主机内存与存储是否满足训练任务的需求（配置中规划了训练任务时除外）</translation>
    </message>
    <message>
        <source>a GPU sits in %1&apos;s slot %2, PCIe %3 x%4 wired from the chipset and shared with its drives and ports: the GPUs talk at about %5 GB/s (both ways); the research workstation&apos;s article asks &gt;= 100 GB/s between GPUs for data parallel</source>
        <translation>有一块 GPU 插在 %1 的第 %2 个插槽，这是由芯片组引出的 PCIe %3 x%4，与芯片组上的硬盘和接口共享带宽：GPU 之间通信约 %5 GB/s（双向）；科研工作站所依据的文章要求数据并行时 GPU 间 &gt;= 100 GB/s</translation>
    </message>
    <message>
        <source>the GPUs talk at about %1 GB/s (both ways, x%2 each on the CPU&apos;s lanes); the research workstation&apos;s article asks &gt;= 100 GB/s between GPUs for data parallel (it also names PCIe 4.0 x16, which gives about 63)</source>
        <translation>GPU 之间通信约 %1 GB/s（双向，每卡在 CPU 通道上为 x%2）；科研工作站所依据的文章要求数据并行时 GPU 间 &gt;= 100 GB/s（文中也提到 PCIe 4.0 x16，约为 63）</translation>
    </message>
    <message>
        <source>the GPUs talk at about %1 GB/s (both ways); the research workstation&apos;s article asks &gt;= 100 GB/s between GPUs for data parallel (it also names PCIe 4.0 x16, which gives about 63)</source>
        <translation>GPU 之间通信约 %1 GB/s（双向）；科研工作站所依据的文章要求数据并行时 GPU 间 &gt;= 100 GB/s（文中也提到 PCIe 4.0 x16，约为 63）</translation>
    </message>
    <message>
        <source>expect the all-reduce to show in the step time (the estimate of a workload on these GPUs says how much), or choose cards with NVLink</source>
        <translation>all-reduce 会体现在单步时间中（在这些 GPU 上估算训练任务即可看到影响大小），或选择带 NVLink 的显卡</translation>
    </message>
    <message>
        <source>power connectors of GPUs whose catalog entry does not list them (most: partner cards differ), and a supply&apos;s cables where the catalog does not count them</source>
        <translation>目录未列出供电接口的 GPU（多数如此：各厂商非公版卡不同），以及目录未统计其线缆数量的电源</translation>
    </message>
    <message>
        <source>%1 memory module(s) leave %2 of %3&apos;s %4 memory channels empty: %5 % of its memory bandwidth is unused%6</source>
        <translation>%1 根内存使 %3 的 %4 个内存通道中有 %2 个空置：其内存带宽有 %5 % 未被利用%6</translation>
    </message>
    <message>
        <source> (it reaches %1 of %2 GB/s at %3 MT/s)</source>
        <translation>（在 %3 MT/s 下只达到 %2 GB/s 中的 %1 GB/s）</translation>
    </message>
    <message>
        <source>use %1 modules, one a channel, or a multiple of %1</source>
        <translation>使用 %1 根内存，每个通道一根，或 %1 的整数倍</translation>
    </message>
    <message>
        <source>the cards take %1 8-pin CPU (EPS) cable(s), not PCIe ones; the catalog does not know how many EPS cables %2 has</source>
        <translation>这些卡需要 %1 根 8-pin CPU (EPS) 供电线，而不是 PCIe 供电线；目录不知道 %2 有几根 EPS 线</translation>
    </message>
    <message>
        <source>check the supply has EPS cables to spare beside the CPU&apos;s</source>
        <translation>确认电源除 CPU 所用之外还有富余的 EPS 线</translation>
    </message>
    <message>
        <source>the cards take %1 8-pin CPU (EPS) cable(s); %2 has %3, of which the board takes %4%5</source>
        <translation>这些卡需要 %1 根 8-pin CPU (EPS) 供电线；%2 共有 %3 根，其中主板占用 %4 根%5</translation>
    </message>
    <message>
        <source> or more</source>
        <translation>或更多</translation>
    </message>
    <message>
        <source>choose a supply with at least %1 8-pin CPU (EPS) cables</source>
        <translation>选择至少有 %1 根 8-pin CPU (EPS) 供电线的电源</translation>
    </message>
    <message>
        <source>the cards take %1 16-pin and %2 8-pin PCIe cable(s); the catalog does not know how many %3 has</source>
        <translation>这些卡需要 %1 根 16-pin 和 %2 根 8-pin PCIe 供电线；目录不知道 %3 有多少根</translation>
    </message>
    <message>
        <source>count the supply&apos;s cables in its manual, or record them in the catalog</source>
        <translation>按电源说明书清点线缆，或将数量记入目录</translation>
    </message>
</context>
<context>
    <name>cost</name>
    <message>
        <source>%1: no rate from %2 to %3</source>
        <translation>%1：没有从 %2 到 %3 的汇率</translation>
    </message>
    <message>
        <source>%1: no purchase price in the file</source>
        <translation>%1：文件中没有购买价格</translation>
    </message>
    <message>
        <source>%1: no hourly price in the file</source>
        <translation>%1：文件中没有按小时计的价格</translation>
    </message>
    <message>
        <source>converted at the rates given (undated)</source>
        <translation>按给定汇率换算（未注明日期）</translation>
    </message>
    <message>
        <source>converted at the rates given of %1</source>
        <translation>按给定的 %1 汇率换算</translation>
    </message>
    <message>
        <source>the load counts the GPUs&apos; and CPUs&apos; rated power and a 75 W platform allowance a node, at full load for the hours given</source>
        <translation>负载按 GPU 和 CPU 的额定功率加上每节点 75 W 的平台功耗计算，并在给定时长内按满载计</translation>
    </message>
    <message>
        <source>cloud instances are rented: their hourly price is kept out of the purchase total and counted for the hours a day given; their energy is in the price</source>
        <translation>云实例为租用：其小时价格不计入购置总价，而按给定的每日时长计费；电费已含在价格中</translation>
    </message>
    <message>
        <source>%1 has no native rate for this precision (no bfloat16 before Ampere: amp-fp16 is its mixed precision)</source>
        <translation>%1 没有此精度的原生算力（Ampere 之前的架构不支持 bfloat16：其混合精度应使用 amp-fp16）</translation>
    </message>
    <message>
        <source>the catalog has no compute rates for %1</source>
        <translation>硬件目录中没有 %1 的算力数据</translation>
    </message>
    <message>
        <source>no rate is known for the link between its GPUs</source>
        <translation>其 GPU 之间互连的速率未知</translation>
    </message>
    <message>
        <source>the build rents a cloud instance: it is among the instances compared</source>
        <translation>该配置租用云实例：它已列在参与比较的实例中</translation>
    </message>
    <message>
        <source>the build has no GPU</source>
        <translation>该配置没有 GPU</translation>
    </message>
    <message>
        <source>the build mixes GPUs: the workload is estimated on %1 only</source>
        <translation>该配置混用了不同型号的 GPU：训练任务仅按 %1 估算</translation>
    </message>
    <message>
        <source>the workload does not fit the build&apos;s GPUs at this batch: nothing to break even</source>
        <translation>在此批大小下，该配置的 GPU 装不下训练任务：无从计算回本</translation>
    </message>
    <message>
        <source>the catalog has no specs for its GPU (%1)</source>
        <translation>硬件目录中没有其 GPU（%1）的规格</translation>
    </message>
    <message>
        <source>some parts have no price (or no rate to %1): the purchase and the break-even months are at least the figures shown</source>
        <translation>部分配件没有价格（或没有换算为 %1 的汇率）：购置费用和回本月数至少为所示数值</translation>
    </message>
    <message>
        <source>a month is 30 days of the build&apos;s use at the hours a day given; the cloud instances are asked for the same samples, on demand, with nothing for storage, egress or idle time between runs</source>
        <translation>一个月按配置以给定的每日时长使用 30 天计；云实例按需计费、处理相同数量的样本，不计存储、出站流量或两次运行之间的空闲时间</translation>
    </message>
    <message>
        <source>%1: priced at a vendor&apos;s quote that expired on %2, as asked; ask the vendor for a new one</source>
        <translation>%1：按已于 %2 过期的供应商报价计价（按要求）；请向供应商重新询价</translation>
    </message>
    <message>
        <source>%1: the vendor&apos;s quote expired on %2 and is not used as its price; ask the vendor for a new one</source>
        <translation>%1：供应商报价已于 %2 过期，未用作其价格；请向供应商重新询价</translation>
    </message>
    <message>
        <source>converted at the catalog&apos;s reference exchange rates (European Central Bank) of %1 where no rate was given: give the rates of the day you buy</source>
        <translation>未给出汇率的货币按目录自带的参考汇率（欧洲中央银行，%1）换算：请填写购买当天的汇率</translation>
    </message>
    <message>
        <source>1 %1 = %2 %3 (reference rate of %4)</source>
        <translation>1 %1 = %2 %3（%4 的参考汇率）</translation>
    </message>
    <message>
        <source>1 %1 = %2 %3 (undated)</source>
        <translation>1 %1 = %2 %3（未注明日期）</translation>
    </message>
    <message>
        <source>1 %1 = %2 %3 (%4)</source>
        <translation>1 %1 = %2 %3（%4）</translation>
    </message>
    <message>
        <source>%1: %2 valid vendor quote(s); the purchasing office&apos;s rule asks for %3 at %4 %5 and above</source>
        <translation>%1：有效供应商报价 %2 家；采购规定单项 %4 %5 及以上须有 %3 家</translation>
    </message>
    <message>
        <source>idle hours given without an idle draw: give the idle draw, measured at the wall (the catalog has no idle figures)</source>
        <translation>给出了空闲时长却没有空闲功耗：请指定在插座端测得的空闲功耗（硬件目录中没有空闲功耗数据）</translation>
    </message>
    <message>
        <source>idle draw not counted: the catalog has no idle figures; give the idle draw (measured at the wall) and the idle hours a day</source>
        <translation>未计入空闲功耗：硬件目录中没有空闲功耗数据；请指定空闲功耗（在插座端测量）和每天的空闲时长</translation>
    </message>
    <message>
        <source>no electricity price given: owning counts the purchase only</source>
        <translation>未指定电价：自购只计算购置费用</translation>
    </message>
</context>
<context>
    <name>estimate</name>
    <message>
        <source>the CUDA context and library memory are an H200&apos;s with CUDA 13 (%1 bytes); a validation run on your GPU measures its own</source>
        <translation>CUDA 上下文和库占用的显存取 H200 在 CUDA 13 下的值（%1 字节）；在您的 GPU 上做一次实测验证即可测得其自身的值</translation>
    </message>
    <message>
        <source>calibrated with what a validation run measured on %1</source>
        <translation>已按 %1 上的实测验证结果校准</translation>
    </message>
    <message>
        <source>the usable memory of %1 is not known: its advertised size is used, and the driver keeps some</source>
        <translation>%1 的可用显存未知：按标称容量计算，但驱动会占用一部分</translation>
    </message>
    <message>
        <source>the memory of %1 is not known, so whether it fits is not either</source>
        <translation>%1 的显存容量未知，因此也无法判断能否装下</translation>
    </message>
    <message>
        <source>QLoRA&apos;s 4-bit weights are counted as bitsandbytes stores NF4 with double quantization; dequantizing them takes time that is not counted, and no run here measured it</source>
        <translation>QLoRA 的 4 位权重按 bitsandbytes 以双重量化存储 NF4 的方式计算；反量化的耗时未计入，也尚无实测</translation>
    </message>
    <message>
        <source>the LoRA adapters are counted in bf16 like the model; PEFT 0.12 and later keeps them in float32 by default and casts each adapter&apos;s input to float32, which adds an input-sized copy per adapted layer</source>
        <translation>LoRA 适配器与模型一样按 bf16 计算；PEFT 0.12 及更高版本默认以 float32 保存适配器，并将每个适配器的输入转换为 float32，这会在每个适配层多出一份与输入同样大小的副本</translation>
    </message>
    <message>
        <source>adam8bit: its state is counted from bitsandbytes&apos; code, not measured</source>
        <translation>adam8bit：其状态按 bitsandbytes 的代码计算，未经实测</translation>
    </message>
    <message>
        <source>the optimizer runs in host memory: its state is in host RAM, the step time counts moving gradients and weights over PCIe but not the CPU&apos;s update</source>
        <translation>优化器在主机内存中运行：其状态位于主机内存，单步时间计入了经 PCIe 传输梯度和权重的时间，但未计入 CPU 上的参数更新</translation>
    </message>
    <message>
        <source>fp32 master weights are modelled on a foreach AdamW over float32 copies, not measured</source>
        <translation>fp32 主权重按在 float32 副本上运行的 foreach AdamW 建模，未经实测</translation>
    </message>
    <message>
        <source>%1 over %2 GPUs is modelled per GPU from PyTorch&apos;s and DeepSpeed&apos;s defaults, not measured (no multi-GPU run here)</source>
        <translation>%2 块 GPU 上的 %1 按 PyTorch 和 DeepSpeed 的默认设置逐卡建模，未经实测（尚无多卡实测）</translation>
    </message>
    <message>
        <source>no GPU-to-GPU bandwidth is known for %1, so communication is not estimated</source>
        <translation>%1 的 GPU 间带宽未知，因此未估算通信</translation>
    </message>
    <message>
        <source>%1 has no native bfloat16 (the catalog gives it no bf16 rate): PyTorch emulates it, slowly, and the time is not estimated; amp-fp16 is its mixed precision</source>
        <translation>%1 不支持原生 bfloat16（硬件目录中没有其 bf16 算力）：PyTorch 会以较慢的方式模拟，且未估算时间；其混合精度应使用 amp-fp16</translation>
    </message>
    <message>
        <source>the catalog has no %1 tensor rate for %2, so the step time is not estimated</source>
        <translation>硬件目录中没有 %2 的 %1 张量算力，因此未估算单步时间</translation>
    </message>
    <message>
        <source>the CPU sets the pace: for %1 % of the step the GPU waits for eager PyTorch to issue its next op (as a validation run measured it); a larger batch, CUDA graphs or torch.compile hide it, a CPU core faster than that host&apos;s shortens it</source>
        <translation>速度受 CPU 限制：单步中有 %1 % 的时间 GPU 在等待 eager 模式的 PyTorch 发出下一个算子（据实测验证）；更大的批大小、CUDA graphs 或 torch.compile 可以掩盖这段时间，比该主机更快的 CPU 核心可以缩短它</translation>
    </message>
    <message>
        <source>the CPU sets the pace: for %1 % of the step the GPU waits for eager PyTorch to issue its next op (%2 µs an op, as measured with the H200&apos;s host); a larger batch, CUDA graphs or torch.compile hide it, a CPU core faster than that host&apos;s shortens it</source>
        <translation>速度受 CPU 限制：单步中有 %1 % 的时间 GPU 在等待 eager 模式的 PyTorch 发出下一个算子（每个算子 %2 µs，在 H200 所在主机上实测）；更大的批大小、CUDA graphs 或 torch.compile 可以掩盖这段时间，比该主机更快的 CPU 核心可以缩短它</translation>
    </message>
    <message>
        <source>reading the data takes longer than the step: storage, not the GPU, sets the pace; cache the dataset in RAM or use faster storage</source>
        <translation>读取数据的时间超过单步时间：速度受存储而非 GPU 限制；请将数据集缓存到内存，或使用更快的存储</translation>
    </message>
    <message>
        <source>decoding the batches takes longer than the step: the CPU, not the GPU, sets the pace; add loader workers (cores) or decode on the GPU</source>
        <translation>解码批数据的时间超过单步时间：速度受 CPU 而非 GPU 限制；请增加数据加载进程（CPU 核心），或在 GPU 上解码</translation>
    </message>
    <message>
        <source>the model has no causal attention: there is no KV cache, and generation is not a decoder&apos;s</source>
        <translation>该模型没有因果注意力：没有 KV 缓存，其生成方式也不同于解码器</translation>
    </message>
    <message>
        <source>a model file has fixed shapes: only the prompt&apos;s forward is estimated, not the decode steps</source>
        <translation>模型文件的张量形状是固定的：只估算提示词的前向计算，不估算解码步骤</translation>
    </message>
    <message>
        <source>transformers&apos; DynamicCache grows each layer&apos;s keys and values by torch.cat, which fragments the caching allocator; the reserved memory may be higher than counted</source>
        <translation>transformers 的 DynamicCache 用 torch.cat 扩展每层的键和值，会使缓存分配器产生碎片；实际预留的显存可能高于计算值</translation>
    </message>
    <message>
        <source>host RAM counts each GPU&apos;s process loading the weights twice (the libraries&apos; default path; low_cpu_mem_usage=True loads them once) and each process and loader worker as measured on a CPU build of PyTorch; it leaves out the CUDA runtime&apos;s host memory, which no run here measures</source>
        <translation>主机内存按每个 GPU 进程加载两次权重计（各库的默认加载方式；low_cpu_mem_usage=True 只加载一次），并按 PyTorch CPU 版上的实测计入每个进程和每个数据加载进程；未计入 CUDA 运行时占用的主机内存，本机没有运行能测量它</translation>
    </message>
    <message>
        <source>communication at the %1 GB/s each way given, as NCCL&apos;s bus bandwidth</source>
        <translation>通信按给定的每方向 %1 GB/s 计，视作 NCCL 的总线带宽</translation>
    </message>
    <message>
        <source>communication at %1 GB/s each way, what NCCL&apos;s collectives reach over %2 (%3 % of its %4 GB/s, fitted to published nccl-tests runs)</source>
        <translation>通信按每方向 %1 GB/s 计，即 NCCL 集合通信在%2上所能达到的速率（其 %4 GB/s 的 %3 %，按公开的 nccl-tests 结果拟合）</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>the NVLink bridge</source>
        <translation>NVLink 桥</translation>
    </message>
    <message>
        <source>PCIe, card to card</source>
        <translation>PCIe（卡间直连）</translation>
    </message>
    <message>
        <source>PCIe through host memory (GeForce cards have no peer-to-peer)</source>
        <translation>经主机内存中转的 PCIe（GeForce 卡不支持点对点）</translation>
    </message>
    <message>
        <source>the nodes&apos; network</source>
        <translation>节点间网络</translation>
    </message>
    <message>
        <source>the link</source>
        <translation>该链路</translation>
    </message>
    <message>
        <source>fp8 trains on a GPU&apos;s FP8 tensor cores (Ada, Hopper, Blackwell); %1 has none: choose amp-bf16</source>
        <translation>fp8 在 GPU 的 FP8 张量核心（Ada、Hopper、Blackwell）上训练；%1 没有：请选择 amp-bf16</translation>
    </message>
    <message>
        <source>the catalog has no FP8 tensor rate for %1, so fp8 is not estimated on it: add fp8_tflops to the part, or choose amp-bf16</source>
        <translation>目录中没有 %1 的 FP8 张量算力，因此不估算它的 fp8：请为该部件补上 fp8_tflops，或选择 amp-bf16</translation>
    </message>
    <message>
        <source>%1 has no FP8 tensor cores (they came with Ada, Hopper and Blackwell, compute capability 8.9 and later): float8 training cannot run on it; choose amp-bf16</source>
        <translation>%1 没有 FP8 张量核心（Ada、Hopper 和 Blackwell，即计算能力 8.9 及以上才有）：无法在其上进行 float8 训练；请选择 amp-bf16</translation>
    </message>
    <message>
        <source>%1 has no FP8 tensor cores (they came with Ada, Hopper and Blackwell, compute capability 8.9 and later): float8 training cannot run on it; choose amp-fp16</source>
        <translation>%1 没有 FP8 张量核心（Ada、Hopper 和 Blackwell，即计算能力 8.9 及以上才有）：无法在其上进行 float8 训练；请选择 amp-fp16</translation>
    </message>
    <message>
        <source>communication at %1 GB/s, the bus bandwidth a validation run&apos;s all-reduce reached on %2 among %3 ranks, in place of the link&apos;s datasheet rate</source>
        <translation>通信按 %1 GB/s 计：这是一次验证运行的 all-reduce 在 %2 上、%3 个进程（rank）之间达到的总线带宽，取代链路的标称速率</translation>
    </message>
    <message>
        <source>%1 over %2 GPUs is modelled per GPU from PyTorch&apos;s and DeepSpeed&apos;s defaults; only its exchange&apos;s rate was measured here</source>
        <translation>%1 在 %2 块 GPU 上按 PyTorch 与 DeepSpeed 的默认设置逐 GPU 建模；此处只实测了其梯度交换的速率</translation>
    </message>
    <message>
        <source>no compute rates are known for %1: the step time needs a calibration (a validation run on it)</source>
        <translation>%1 的算力数据未知：单步时间需要校准（在其上做一次实测验证）</translation>
    </message>
    <message>
        <source>no dataset size given (samples and bytes a sample): host RAM and storage count the loaders and checkpoints only</source>
        <translation>未指定数据集大小（样本数和每个样本的字节数）：主机内存和存储只计入数据加载进程和检查点</translation>
    </message>
    <message>
        <source>%1 runs PyTorch through %2: its memory is simulated as CUDA&apos;s caching allocator, which %2&apos;s follows, with CUDA&apos;s context and libraries; no run here measured it</source>
        <translation>%1 通过 %2 运行 PyTorch：其显存按 CUDA 的缓存分配器模拟（%2 的分配器沿用其设计），上下文和库的占用也按 CUDA 计；这里没有实测过</translation>
    </message>
    <message>
        <source>not calibrated: no published training throughput on %1 was fitted, so its step time is its datasheet rates times the fitted GPUs&apos; median fractions, within ± %2 % (a band set, not measured); torchrig-validate cannot run on %3 yet</source>
        <translation>未校准：没有 %1 的公开训练吞吐量可供拟合，因此其步时为规格表算力乘以已拟合 GPU 的中位比例，误差范围 ± %2 %（设定的范围，并非实测）；torchrig-validate 目前还不能在 %3 上运行</translation>
    </message>
</context>
<context>
    <name>file</name>
    <message>
        <source>a folder</source>
        <translation>一个文件夹</translation>
    </message>
    <message>
        <source>a named pipe (FIFO)</source>
        <translation>一个命名管道（FIFO）</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>一个设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>一个套接字</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>%1 is %2, not a file: give the path of a regular file</source>
        <translation>%1 是%2，不是文件：请给出普通文件的路径</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <source>%1 is larger than %2 MiB, more than any file TorchRig reads</source>
        <translation>%1 大于 %2 MiB，超出了 TorchRig 读取的任何文件的大小</translation>
    </message>
    <message>
        <source>%1 exists already; it was left as it is</source>
        <translation>%1 已存在；未作改动</translation>
    </message>
    <message>
        <source>%1 is not a TorchRig build file (it has no &quot;format&quot;: &quot;torchrig-build&quot;)</source>
        <translation>%1 不是 TorchRig 配置文件（其中没有 &quot;format&quot;: &quot;torchrig-build&quot;）</translation>
    </message>
    <message>
        <source>%1: &quot;format_version&quot; is missing or not a whole number</source>
        <translation>%1：&quot;format_version&quot; 缺失或不是整数</translation>
    </message>
    <message>
        <source>%1 was written by a newer TorchRig (build file format %2); this one reads format %3 and older: update TorchRig to open it</source>
        <translation>%1 由更新版本的 TorchRig 写入（配置文件格式 %2）；当前版本只能读取格式 %3 及更早的格式：请更新 TorchRig 后再打开</translation>
    </message>
    <message>
        <source>%1: format_version %2 is not one TorchRig ever wrote</source>
        <translation>%1：format_version %2 不是 TorchRig 写过的任何版本</translation>
    </message>
    <message>
        <source>%1. Nothing was changed; open a backup or the autosave instead</source>
        <translation>%1。未作任何改动；请改为打开备份或自动保存的文件</translation>
    </message>
    <message>
        <source>%1; fix that field or open a backup</source>
        <translation>%1；请修正该字段，或打开备份</translation>
    </message>
    <message>
        <source>%1 has a field of the wrong kind (%2); fix that field or open a backup</source>
        <translation>%1 中有类型错误的字段（%2）；请修正该字段，或打开备份</translation>
    </message>
    <message>
        <source>%1 is %2; TorchRig reads such files up to %3</source>
        <translation>%1 的大小为 %2；TorchRig 读取此类文件的上限为 %3</translation>
    </message>
    <message>
        <source>%1 is not UTF-8 text: byte %2 (line %3) is not a UTF-8 character. Save the file as UTF-8 and try again</source>
        <translation>%1 不是 UTF-8 文本：第 %2 个字节（第 %3 行）不是 UTF-8 字符。请将文件另存为 UTF-8 后重试</translation>
    </message>
    <message>
        <source>%1 ends early: it was cut off while being written or copied (not valid JSON)</source>
        <translation>%1 提前结束：它在写入或复制时被截断了（不是有效的 JSON）</translation>
    </message>
    <message>
        <source>%1 is damaged at byte %2 (line %3, near &quot;%4&quot;): not valid JSON</source>
        <translation>%1 在第 %2 个字节处损坏（第 %3 行，&quot;%4&quot; 附近）：不是有效的 JSON</translation>
    </message>
</context>
<context>
    <name>model</name>
    <message>
        <source>op &apos;%1&apos; (%2): %3</source>
        <translation>算子 &apos;%1&apos;（%2）：%3</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; marks no blocks, so there is nothing to checkpoint; ask for checkpointing &quot;none&quot;, or mark blocks on its ops (&quot;block&quot; in a model file)</source>
        <translation>模型 &apos;%1&apos; 没有标出任何模块，因此无处可做激活检查点；请将检查点设为 &quot;none&quot;，或在其算子上标出模块（模型文件中的 &quot;block&quot;）</translation>
    </message>
    <message>
        <source>block &apos;%1&apos;: its ops are not contiguous, so it cannot be checkpointed as one piece</source>
        <translation>模块 &apos;%1&apos;：其算子不连续，无法作为一个整体做激活检查点</translation>
    </message>
    <message>
        <source>a LoRA rank must be at least 1 (it is %1)</source>
        <translation>LoRA 秩至少为 1（当前为 %1）</translation>
    </message>
    <message>
        <source>no linear layer of %1 is named like the LoRA targets (%2); name the last part of a layer&apos;s module path, e.g. q_proj, c_attn or query</source>
        <translation>%1 中没有名称与 LoRA 目标（%2）相符的线性层；请写出层的模块路径的最后一段，例如 q_proj、c_attn 或 query</translation>
    </message>
    <message>
        <source>every linear inside a block</source>
        <translation>模块内的所有线性层</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has shape %2; every size must be at least 1</source>
        <translation>张量 &apos;%1&apos; 的形状为 %2；每一维的大小都必须至少为 1</translation>
    </message>
    <message>
        <source>op &apos;%1&apos; (%2): %3 refers to a tensor that does not exist</source>
        <translation>算子 &apos;%1&apos;（%2）：%3 引用了不存在的张量</translation>
    </message>
    <message>
        <source>op &apos;%1&apos; (%2): &apos;%3&apos; is not a %4</source>
        <translation>算子 &apos;%1&apos;（%2）：&apos;%3&apos; 不是 %4</translation>
    </message>
    <message>
        <source>op &apos;%1&apos; names a block that does not exist</source>
        <translation>算子 &apos;%1&apos; 指定的模块不存在</translation>
    </message>
    <message>
        <source>the loss must be a scalar tensor produced by an op</source>
        <translation>损失必须是由算子产生的标量张量</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; has no tensor named &apos;%2&apos;</source>
        <translation>模型 &apos;%1&apos; 中没有名为 &apos;%2&apos; 的张量</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; has no loss</source>
        <translation>模型 &apos;%1&apos; 没有损失</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a zoo model; the zoo has %2</source>
        <translation>&quot;%1&quot; 不是内置模型；内置模型有 %2</translation>
    </message>
    <message>
        <source>ResNet depth %1 is not one of 18, 34, 50, 101, 152</source>
        <translation>ResNet 深度 %1 不在 18、34、50、101、152 之中</translation>
    </message>
    <message>
        <source>vit_b_16 needs an image size divisible by 16, not %1</source>
        <translation>vit_b_16 需要能被 16 整除的图像尺寸，%1 不行</translation>
    </message>
    <message>
        <source>unet needs an image size divisible by 16 (four 2x2 poolings), not %1</source>
        <translation>unet 需要能被 16 整除的图像尺寸（四次 2x2 池化），%1 不行</translation>
    </message>
    <message>
        <source>an MLP needs at least two widths: inputs and classes</source>
        <translation>MLP 至少需要两个宽度：输入与类别数</translation>
    </message>
    <message>
        <source>%1 reads at most %2 tokens; sequence length %3 is longer</source>
        <translation>%1 最多读取 %2 个 token；序列长度 %3 超出了上限</translation>
    </message>
    <message>
        <source>%1: %2 heads cannot share %3 key/value heads</source>
        <translation>%1：%2 个注意力头无法均分 %3 个键/值头</translation>
    </message>
    <message>
        <source>%1 routes %2 tokens × top %3 to %4 experts, and an expert would receive none: give it a longer sequence or a larger batch</source>
        <translation>%1 把 %2 个 token × top %3 路由给 %4 个专家，会有专家收不到 token：请加长序列或增大批大小</translation>
    </message>
    <message>
        <source>%1: with an imbalance of %2 the other experts would receive a token twice; lower the imbalance</source>
        <translation>%1：负载不均衡度为 %2 时，其余专家会重复收到同一个 token；请降低不均衡度</translation>
    </message>
    <message>
        <source>%1: n_inner %2 is not 4 × n_embd, which is the only GPT-2 TorchRig builds</source>
        <translation>%1：n_inner %2 不等于 4 × n_embd，而 TorchRig 只构建这种 GPT-2</translation>
    </message>
    <message>
        <source>expert parallel (ep) spreads a mixture of experts&apos; experts over the GPUs, and %1 has none: use ddp, fsdp or tp</source>
        <translation>专家并行（ep）把混合专家模型的专家分布到各 GPU 上，而 %1 没有专家：请使用 ddp、fsdp 或 tp</translation>
    </message>
    <message>
        <source>%1&apos;s %2 experts a layer do not divide over %3 GPUs: expert parallel needs a number of GPUs that divides them</source>
        <translation>%1 每层 %2 个专家无法均分到 %3 块 GPU 上：专家并行需要能整除专家数的 GPU 数量</translation>
    </message>
    <message>
        <source>%1 has %2 blocks, too few for %3 pipeline stages (each needs at least one)</source>
        <translation>%1 只有 %2 个模块，不够分成 %3 个流水线阶段（每个阶段至少需要一个）</translation>
    </message>
    <message>
        <source>%1 at this size holds more than 2^56 bytes (64 PiB) of tensors, far beyond any machine; TorchRig does not estimate it. Lower the batch, the sequence or the image size</source>
        <translation>%1 在此规模下的张量超过 2^56 字节（64 PiB），远超任何机器；TorchRig 不对其估算。请减小批大小、序列长度或图像尺寸</translation>
    </message>
    <message>
        <source>op &apos;%1&apos; (%2) works in place on &apos;%3&apos;, a leaf tensor that needs its gradient: PyTorch refuses it (&quot;a leaf Variable that requires grad is being used in an in-place operation&quot;). Set &quot;inplace&quot;: false</source>
        <translation>算子 &apos;%1&apos;（%2）原地修改 &apos;%3&apos;，而它是需要梯度的叶子张量：PyTorch 会拒绝（&quot;a leaf Variable that requires grad is being used in an in-place operation&quot;）。请设置 &quot;inplace&quot;: false</translation>
    </message>
    <message>
        <source>op &apos;%1&apos; (%2) works in place on &apos;%3&apos;, which op &apos;%4&apos; keeps for its backward: PyTorch fails in backward (&quot;one of the variables needed for gradient computation has been modified by an inplace operation&quot;). Set &quot;inplace&quot;: false</source>
        <translation>算子 &apos;%1&apos;（%2）原地修改 &apos;%3&apos;，而算子 &apos;%4&apos; 在反向传播时要用到它：PyTorch 会在反向传播中出错（&quot;one of the variables needed for gradient computation has been modified by an inplace operation&quot;）。请设置 &quot;inplace&quot;: false</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>a model file is built as it is written: leave the layer count out, or write the file with fewer blocks</source>
        <translation>模型文件按其写法原样构建：请不要指定层数，或写一个模块更少的文件</translation>
    </message>
    <message>
        <source>the model file is written for batch %1 (input &apos;%2&apos; is %3), not %4; ask for that batch or change the file&apos;s shapes</source>
        <translation>该模型文件是按批大小 %1 写的（输入 &apos;%2&apos; 为 %3），不是 %4；请使用该批大小，或修改文件中的形状</translation>
    </message>
    <message>
        <source>%1 has %2 layers, not %3; ask for at most that many</source>
        <translation>%1 只有 %2 层，没有 %3 层；请求的层数不能超过它</translation>
    </message>
    <message>
        <source>%1 is built whole: only the transformers (BERT, GPT-2, Llama, ViT) can be built with fewer layers; leave the layer count out</source>
        <translation>%1 只能完整构建：只有 Transformer 模型（BERT、GPT-2、Llama、ViT）可以减少层数；请不要指定层数</translation>
    </message>
</context>
<context>
    <name>plan</name>
    <message>
        <source>the catalog has no cooler for socket %1: ask the board or case vendor for the heatsink it takes</source>
        <translation>目录中没有适配 %1 插槽的散热器：请向主板或机箱供应商询问所需的散热器</translation>
    </message>
    <message>
        <source>no workload to plan for: add one</source>
        <translation>没有要规划的训练任务：请添加一个</translation>
    </message>
    <message>
        <source>%1 GPUs of the catalog have no purchase price in %2 (or no rate to it) and were left out</source>
        <translation>目录中有 %1 款 GPU 没有以 %2 计的购买价（或缺少换算汇率），未纳入规划</translation>
    </message>
    <message>
        <source>%1 SXM or OAM GPUs were left out: they are bought in a GPU server, which the planner does not compose yet</source>
        <translation>有 %1 款 SXM 或 OAM GPU 未纳入：它们随 GPU 服务器购买，规划器暂不组装服务器</translation>
    </message>
    <message>
        <source>%1 could not be estimated: %2</source>
        <translation>无法估算 %1：%2</translation>
    </message>
    <message>
        <source>no GPU of the catalog holds every workload within the budget and the GPU count allowed: a smaller batch, LoRA or QLoRA, activation checkpointing, more GPUs per node or a larger budget</source>
        <translation>在预算和允许的 GPU 数量内，目录中没有 GPU 能容纳全部训练任务：可减小批大小、改用 LoRA 或 QLoRA、启用激活检查点、增加每节点 GPU 数或提高预算</translation>
    </message>
    <message>
        <source>Plan: %1 for %2</source>
        <translation>规划：%1，用于 %2</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 nodes of %2</source>
        <translation>%1 个节点，每个 %2</translation>
    </message>
    <message>
        <source>the nodes need a switch between them (not counted): one port for each node&apos;s adapter</source>
        <translation>节点之间需要一台交换机（未计入）：每个节点的网卡占一个端口</translation>
    </message>
    <message>
        <source>Entry: a first machine for small image models, under ¥8,000</source>
        <translation>入门：训练小型图像模型的第一台机器，¥8,000 以内</translation>
    </message>
    <message>
        <source>budget: the whole machine at about ¥5,000-8,000 for MNIST or CIFAR-10 sized work (seeds/001 2.1); seeds/002 2.1 puts the card under ¥5,000</source>
        <translation>预算：整机约 ¥5,000-8,000，适合 MNIST 或 CIFAR-10 规模的任务（seeds/001 2.1）；seeds/002 2.1 将显卡定在 ¥5,000 以下</translation>
    </message>
    <message>
        <source>workload: ResNet-18 on CIFAR-10 (50,000 images of 32×32), 30 epochs, batch 128, mixed FP16: the scenario&apos;s choice for the article&apos;s small datasets</source>
        <translation>训练任务：ResNet-18 训练 CIFAR-10（50,000 张 32×32 图像），30 个 epoch，批大小 128，FP16 混合精度：本场景为文章所说的小型数据集所选</translation>
    </message>
    <message>
        <source>circuit: a 10 A × 220 V socket (the scenario&apos;s assumption)</source>
        <translation>电路：一个 10 A × 220 V 插座（本场景的假设）</translation>
    </message>
    <message>
        <source>Research lab: a 7B LoRA workstation, ¥50,000-100,000</source>
        <translation>科研实验室：7B LoRA 工作站，¥50,000-100,000</translation>
    </message>
    <message>
        <source>budget: ¥100,000, the top of the ¥50,000-100,000 a lab workstation is planned at here (TorchRig&apos;s figure, not an article&apos;s: seeds/002 2.2 gives ¥10,000-20,000 for the card&apos;s class)</source>
        <translation>预算：¥100,000，即此处实验室工作站规划区间 ¥50,000-100,000 的上限（TorchRig 的数字，并非文章给出：seeds/002 2.2 给该级别显卡的预算为 ¥10,000-20,000）</translation>
    </message>
    <message>
        <source>GPUs: up to four per node, as seeds/002 2.2 launches training (--nproc_per_node=4); seeds/000 二.2 builds two</source>
        <translation>GPU：每节点最多四块，与 seeds/002 2.2 启动训练的方式一致（--nproc_per_node=4）；seeds/000 二.2 配置两块</translation>
    </message>
    <message>
        <source>workload: Llama 2 7B with LoRA (rank 16 on q_proj and v_proj), sequence 1024, bf16, checkpointed blocks, the largest batch each GPU holds; 52,002 samples (the Stanford Alpaca set&apos;s size) for 3 epochs: the scenario&apos;s assumption</source>
        <translation>训练任务：Llama 2 7B LoRA 微调（q_proj 与 v_proj 上秩 16），序列长度 1024，bf16，按块做激活检查点，每块 GPU 能容纳的最大批大小；52,002 条样本（Stanford Alpaca 数据集的规模），3 个 epoch：本场景的假设</translation>
    </message>
    <message>
        <source>Enterprise: four nodes for billion-parameter training</source>
        <translation>企业：四节点集群，用于十亿参数级模型训练</translation>
    </message>
    <message>
        <source>nodes: four with two GPUs each, as seeds/000 二.3 lays out its cluster (8×A100 80GB, 4 nodes × 2 cards, InfiniBand HDR 200 Gb/s)</source>
        <translation>节点：四个，每个两块 GPU，与 seeds/000 二.3 的集群布局一致（8×A100 80GB，4 节点 × 2 卡，InfiniBand HDR 200 Gb/s）</translation>
    </message>
    <message>
        <source>workload: a full fine-tune of Llama 2 7B with FSDP over the 8 GPUs, sequence 2048, bf16, checkpointed blocks, on 10^9 tokens: &quot;billion-parameter training&quot; as seeds/002 2.3 puts it. seeds/000 二.3 aims at hundred-billion-parameter models, which 8 GPUs of 80 GB cannot train with FSDP alone (about 16 bytes a parameter with Adam: 1.6 TB)</source>
        <translation>训练任务：在 8 块 GPU 上用 FSDP 对 Llama 2 7B 做全参数微调，序列长度 2048，bf16，按块做激活检查点，训练 10^9 个 token：即 seeds/002 2.3 所说的“十亿参数级模型训练”。seeds/000 二.3 的目标是千亿参数模型，8 块 80 GB GPU 仅靠 FSDP 无法训练（使用 Adam 时每个参数约 16 字节：1.6 TB）</translation>
    </message>
    <message>
        <source>budget: none (the articles give ¥30,000 and up for a card, not a cluster), so the proposals are ranked by samples a second per yuan</source>
        <translation>预算：无（文章给出的 ¥30,000 以上是单卡的预算，而非集群），因此方案按每元每秒样本数排序</translation>
    </message>
    <message>
        <source>circuit: 16 A × 220 V for each node&apos;s rack feed (the scenario&apos;s assumption)</source>
        <translation>电路：每个节点的机柜供电为 16 A × 220 V（本场景的假设）</translation>
    </message>
    <message>
        <source>%1, batch %2</source>
        <translation>%1，批大小 %2</translation>
    </message>
    <message>
        <source>micro-batches of %1 with %2 steps of gradient accumulation (%3 samples per optimizer step, as asked)</source>
        <translation>每个微批次 %1 个样本，梯度累积 %2 步（每次优化器更新仍为所要求的 %3 个样本）</translation>
    </message>
    <message>
        <source>activation checkpointing of every block</source>
        <translation>每个块做激活检查点</translation>
    </message>
    <message>
        <source>the base weights in 4 bits (QLoRA)</source>
        <translation>基础权重以 4 位存储（QLoRA）</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>%1 fits in %2 of %3 GiB per GPU with %4</source>
        <translation>%1：%4，每块 GPU 占用 %2 / %3 GiB</translation>
    </message>
    <message>
        <source>RAM of at least %1 GB a node: the run needs %2 GB with a quarter more for what the estimate leaves out (each GPU&apos;s process loading the weights, the loaders, a checkpoint&apos;s copy), article 001 asks &gt;= 32 GB, and the node&apos;s GPUs hold %3 GB (RAM &gt;= GPU memory, the rule labs buy by)</source>
        <translation>每节点内存至少 %1 GB：训练需要 %2 GB（已为估算未计入的部分多留四分之一；包括每个 GPU 进程加载权重、数据加载器和检查点的副本），文章 001 要求 &gt;= 32 GB，且本节点 GPU 共有 %3 GB 显存（实验室常用的“内存 &gt;= 显存”原则）</translation>
    </message>
    <message>
        <source>RAM of at least %1 GB a node: the run needs %2 GB with a quarter more for what the estimate leaves out (each GPU&apos;s process loading the weights, the loaders, a checkpoint&apos;s copy), and article 001 asks &gt;= 32 GB</source>
        <translation>每节点内存至少 %1 GB：训练需要 %2 GB（已为估算未计入的部分多留四分之一；包括每个 GPU 进程加载权重、数据加载器和检查点的副本），且文章 001 要求 &gt;= 32 GB</translation>
    </message>
    <message>
        <source>%1: at least %2 cores and %3 threads a node, for a training process and %4 data-loader workers on each of %5 GPUs (article 001 4.2), 4 cores a GPU and 8 in all (article 001 1.1)</source>
        <translation>%1：每节点至少 %2 个核心、%3 个线程，供 %5 块 GPU 各自的训练进程和 %4 个数据加载进程使用（文章 001 第 4.2 节），每块 GPU 4 个核心、总共至少 8 个（文章 001 第 1.1 节）</translation>
    </message>
    <message>
        <source>%1 GPUs of the catalog are not sold new in mainland China under US export rules and were left out: %2</source>
        <translation>目录中有 %1 款 GPU 因美国出口管制在中国大陆不以新品销售，未纳入规划：%2</translation>
    </message>
    <message>
        <source>%1 runs PyTorch through AMD&apos;s ROCm, which PyTorch builds for Linux only (pytorch.org, Get Started); a library written for CUDA alone may not run on it: check the ones the training uses before buying</source>
        <translation>%1 通过 AMD 的 ROCm 运行 PyTorch，而 PyTorch 只为 Linux 提供 ROCm 版本（pytorch.org，Get Started）；只为 CUDA 编写的库可能无法在其上运行：购买前请逐一确认训练要用的库</translation>
    </message>
    <message>
        <source>a board that wires every card from the CPU, %1 % dearer as a host than one that puts a card in a PCIe %2 x%3 slot of the chipset, where the cards would exchange gradients at that slot&apos;s rate</source>
        <translation>选用所有显卡都由 CPU 通道引出的主板：主机比把一块显卡插在芯片组 PCIe %2 x%3 插槽上的方案贵 %1 %，后者的显卡只能以该插槽的速率交换梯度</translation>
    </message>
</context>
<context>
    <name>presets</name>
    <message>
        <source>not in the article: added so the build can be checked</source>
        <translation>原文中没有：为便于检查配置而添加</translation>
    </message>
    <message>
        <source>Entry: RTX 3060 12GB, Ryzen 5 5600X, 16 GB DDR4</source>
        <translation>入门级：RTX 3060 12GB、Ryzen 5 5600X、16 GB DDR4</translation>
    </message>
    <message>
        <source>about ¥5,000-8,000 (seeds/001 2.1); under ¥5,000 for the card (seeds/002 2.1)</source>
        <translation>约 ¥5,000–8,000（seeds/001 2.1）；显卡 ¥5,000 以下（seeds/002 2.1）</translation>
    </message>
    <message>
        <source>16 GB DDR4 as one kit</source>
        <translation>16 GB DDR4，一套套条</translation>
    </message>
    <message>
        <source>the article&apos;s rule of thumb: batch 32 under 12e9 bytes of GPU memory, else 64 (CNN/RNN models)</source>
        <translation>原文的经验规则：显存小于 12e9 字节时批大小取 32，否则取 64（CNN/RNN 模型）</translation>
    </message>
    <message>
        <source>Entry: GTX 1660 Super, Core i5-12400F, 16 GB DDR4</source>
        <translation>入门级：GTX 1660 Super、Core i5-12400F、16 GB DDR4</translation>
    </message>
    <message>
        <source>about ¥5,000-8,000 (seeds/001 2.1)</source>
        <translation>约 ¥5,000–8,000（seeds/001 2.1）</translation>
    </message>
    <message>
        <source>the article says 512 GB; the catalog&apos;s nearest is 500 GB</source>
        <translation>原文为 512 GB；硬件目录中最接近的是 500 GB</translation>
    </message>
    <message>
        <source>the GTX 1660 Super (Turing) has no bfloat16 and 6 GB: amp-fp16 is its mixed precision</source>
        <translation>GTX 1660 Super（Turing）不支持 bfloat16，且只有 6 GB 显存：其混合精度应使用 amp-fp16</translation>
    </message>
    <message>
        <source>Research workstation: 2x RTX 4090, Core i9-13900K, 64 GB DDR5, 2 TB NVMe RAID 0</source>
        <translation>科研工作站：2 × RTX 4090、Core i9-13900K、64 GB DDR5、2 TB NVMe RAID 0</translation>
    </message>
    <message>
        <source>¥10,000-20,000 for the cards&apos; class (seeds/002 2.2)</source>
        <translation>同级显卡 ¥10,000–20,000（seeds/002 2.2）</translation>
    </message>
    <message>
        <source>two 1 TB drives striped as the article&apos;s 2 TB RAID 0</source>
        <translation>两块 1 TB 硬盘条带化，组成原文的 2 TB RAID 0</translation>
    </message>
    <message>
        <source>Research workstation: RTX 4090, Ryzen 9 7950X, 64 GB DDR5, 1 TB NVMe + 4 TB HDD</source>
        <translation>科研工作站：RTX 4090、Ryzen 9 7950X、64 GB DDR5、1 TB NVMe + 4 TB HDD</translation>
    </message>
    <message>
        <source>¥10,000-20,000 for the card&apos;s class (seeds/002 2.2)</source>
        <translation>同级显卡 ¥10,000–20,000（seeds/002 2.2）</translation>
    </message>
    <message>
        <source>the article also offers the RTX A6000 48GB</source>
        <translation>原文也给出了 RTX A6000 48GB 作为备选</translation>
    </message>
    <message>
        <source>the article&apos;s backup drive</source>
        <translation>原文中的备份硬盘</translation>
    </message>
    <message>
        <source>Research workstation: RTX A6000 48GB, Ryzen 9 7950X, 64 GB DDR5, 1 TB NVMe + 4 TB HDD</source>
        <translation>科研工作站：RTX A6000 48GB、Ryzen 9 7950X、64 GB DDR5、1 TB NVMe + 4 TB HDD</translation>
    </message>
    <message>
        <source>Enterprise cluster: 4 nodes x 2 A100 80GB, InfiniBand HDR 200 Gb/s, 32 TB HDD + 1 TB SSD cache</source>
        <translation>企业集群：4 个节点 × 2 块 A100 80GB、InfiniBand HDR 200 Gb/s、32 TB HDD + 1 TB SSD 缓存</translation>
    </message>
    <message>
        <source>over ¥30,000 for the cards&apos; class (seeds/002 2.3)</source>
        <translation>同级显卡 ¥30,000 以上（seeds/002 2.3）</translation>
    </message>
    <message>
        <source>the article names A100 80GB cards without a form; PCIe cards are what a board of this kind takes (SXM modules need an HGX server)</source>
        <translation>原文只写了 A100 80GB，未注明外形规格；这类主板使用的是 PCIe 卡（SXM 模组需要 HGX 服务器）</translation>
    </message>
    <message>
        <source>at least 128 GB a node</source>
        <translation>每个节点至少 128 GB</translation>
    </message>
    <message>
        <source>a node&apos;s share of the article&apos;s storage: its SSD cache</source>
        <translation>每个节点分摊的原文存储：其 SSD 缓存</translation>
    </message>
    <message>
        <source>a node&apos;s quarter of the article&apos;s 32 TB HDD array</source>
        <translation>每个节点分摊原文 32 TB HDD 阵列的四分之一</translation>
    </message>
    <message>
        <source>the article&apos;s storage node (32 TB HDD array, 1 TB SSD cache) is spread over the four compute nodes: 8 TB of disk and a 1 TB SSD on each</source>
        <translation>原文的存储节点（32 TB HDD 阵列、1 TB SSD 缓存）分摊到四个计算节点：每个节点 8 TB 硬盘加一块 1 TB SSD</translation>
    </message>
    <message>
        <source>an InfiniBand HDR switch (interconnect/nvidia-quantum-hdr-switch-qm8700) joins the nodes</source>
        <translation>各节点通过一台 InfiniBand HDR 交换机（interconnect/nvidia-quantum-hdr-switch-qm8700）互连</translation>
    </message>
    <message>
        <source>the article&apos;s goal (二.1), CNN models at a batch of at most 64: ResNet-50 at the batch its rule gives a 12 GB card, 64</source>
        <translation>文章的目标（二.1）是批量大小不超过 64 的 CNN 模型：这里用 ResNet-50，批量取文章规则给 12 GB 显卡的 64</translation>
    </message>
    <message>
        <source>the article&apos;s goal (2.1), small data sets such as MNIST and CIFAR-10: ResNet-18 on CIFAR-10&apos;s 32×32 images, batch 128</source>
        <translation>文章的目标（2.1）是 MNIST、CIFAR-10 等小型数据集：这里用 ResNet-18 训练 CIFAR-10 的 32×32 图像，批量 128</translation>
    </message>
    <message>
        <source>the article connects the two RTX 4090s with NVLink; the RTX 4090 has no NVLink connector, so they talk over PCIe (an error in the article; the last GeForce with NVLink is the RTX 3090)</source>
        <translation>原文用 NVLink 连接两块 RTX 4090；但 RTX 4090 没有 NVLink 接口，因此两卡经 PCIe 通信（原文有误；最后一款支持 NVLink 的 GeForce 是 RTX 3090）</translation>
    </message>
    <message>
        <source>the article&apos;s goal (二.2), training Transformer models on several GPUs with DistributedDataParallel: BERT-base over both cards</source>
        <translation>文章的目标（二.2）是用 DistributedDataParallel 多卡训练 Transformer 模型：这里用 BERT-base 在两块显卡上训练</translation>
    </message>
    <message>
        <source>the article&apos;s goal (2.2), BERT, ResNet-152 and other large models: BERT-base</source>
        <translation>文章的目标（2.2）是 BERT、ResNet-152 等大型模型：这里用 BERT-base</translation>
    </message>
    <message>
        <source>the article&apos;s goal (2.2), BERT, ResNet-152 and other large models: ResNet-152</source>
        <translation>文章的目标（2.2）是 BERT、ResNet-152 等大型模型：这里用 ResNet-152</translation>
    </message>
    <message>
        <source>the article&apos;s goal (二.3), models of a hundred billion parameters: the zoo&apos;s largest, Llama-2-70B, as the defaults run it on these cards</source>
        <translation>文章的目标（二.3）是千亿参数模型：这里用模型库中最大的 Llama-2-70B，按默认设置在这些显卡上运行</translation>
    </message>
</context>
<context>
    <name>sheet</name>
    <message>
        <source>Build sheet</source>
        <translation>配置单</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Requested by</source>
        <translation>申请人</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>课题组</translation>
    </message>
    <message>
        <source>Budget code</source>
        <translation>经费代码</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Parts total</source>
        <translation>配件合计</translation>
    </message>
    <message>
        <source>Power at full load</source>
        <translation>满载功耗</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Based on</source>
        <translation>参考来源</translation>
    </message>
    <message>
        <source>Components</source>
        <translation>配件清单</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>配件</translation>
    </message>
    <message>
        <source>%1 launch price — ask for a quote</source>
        <translation>%1 年首发价——请询价</translation>
    </message>
    <message>
        <source>street price of %1 — ask for a quote</source>
        <translation>%1 的零售价——请询价</translation>
    </message>
    <message>
        <source>quote of %1 — ask for a new one</source>
        <translation>%1 的报价——请重新询价</translation>
    </message>
    <message>
        <source>price list of %1 — check the provider&apos;s page</source>
        <translation>%1 的价目——请核对服务商页面</translation>
    </message>
    <message>
        <source>%1 % of the priced parts rest on prices older than 12 months</source>
        <translation>已定价配件中 %1 % 的金额基于 12 个月以前的价格</translation>
    </message>
    <message>
        <source>%1 line rests on a price older than 12 months</source>
        <translation>%1 项基于 12 个月以前的价格</translation>
    </message>
    <message>
        <source>%1 lines rest on prices older than 12 months</source>
        <translation>%1 项基于 12 个月以前的价格</translation>
    </message>
    <message>
        <source>%1 line has no price</source>
        <translation>%1 项没有价格</translation>
    </message>
    <message>
        <source>%1 lines have no price</source>
        <translation>%1 项没有价格</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>included in %1</source>
        <translation>含在 %1 内</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <source>Price date and source</source>
        <translation>价格日期与来源</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>小计</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>配件</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>税额</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>运费</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>per hour</source>
        <translation>每小时</translation>
    </message>
    <message>
        <source>Compatibility and power</source>
        <translation>兼容性与功耗</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>处理建议</translation>
    </message>
    <message>
        <source>problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>problems</source>
        <translation>个问题</translation>
    </message>
    <message>
        <source>warnings</source>
        <translation>个警告</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>未发现问题。</translation>
    </message>
    <message>
        <source>Not checked</source>
        <translation>未检查项</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Batch per GPU</source>
        <translation>每卡批大小</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Parallel strategy</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>能否装下</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>能装下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>装不下</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Samples per second</source>
        <translation>每秒样本数</translation>
    </message>
    <message>
        <source>Step time may be off by</source>
        <translation>单步时间可能偏差</translation>
    </message>
    <message>
        <source>the largest error on GPUs of this architecture that the time model was not fitted to</source>
        <translation>时间模型在未参与拟合的同架构 GPU 上的最大误差</translation>
    </message>
    <message>
        <source>Time per run</source>
        <translation>单次训练时间</translation>
    </message>
    <message>
        <source>Energy per run</source>
        <translation>单次训练能耗</translation>
    </message>
    <message>
        <source>not estimated</source>
        <translation>未估计</translation>
    </message>
    <message>
        <source>Memory per GPU by kind</source>
        <translation>每卡显存构成</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer_state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>temporaries</source>
        <translation>临时张量</translation>
    </message>
    <message>
        <source>inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>context and libraries</source>
        <translation>CUDA 上下文与库</translation>
    </message>
    <message>
        <source>allocator slack</source>
        <translation>分配器余量</translation>
    </message>
    <message>
        <source>usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>No workload is planned for this build.</source>
        <translation>此配置没有规划训练任务。</translation>
    </message>
    <message>
        <source>Validation runs</source>
        <translation>实测记录</translation>
    </message>
    <message>
        <source>Advisor&apos;s notes</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Rent or buy</source>
        <translation>租用还是购买</translation>
    </message>
    <message>
        <source>Purchase</source>
        <translation>购买价</translation>
    </message>
    <message>
        <source>Option</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Per hour</source>
        <translation>每小时</translation>
    </message>
    <message>
        <source>A month of this build&apos;s work</source>
        <translation>本机一个月的工作量</translation>
    </message>
    <message>
        <source>Buying pays off after</source>
        <translation>购买回本时间</translation>
    </message>
    <message>
        <source>this build</source>
        <translation>本配置</translation>
    </message>
    <message>
        <source>months</source>
        <translation>个月</translation>
    </message>
    <message>
        <source>never</source>
        <translation>不会回本</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设与说明</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>供应商</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Approval</source>
        <translation>审批</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>姓名</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>签字</translation>
    </message>
    <message>
        <source>Requester</source>
        <translation>申请人</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>导师</translation>
    </message>
    <message>
        <source>Purchasing office</source>
        <translation>采购部门</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>made with TorchRig</source>
        <translation>由 TorchRig 生成</translation>
    </message>
    <message>
        <source>catalog</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>quote</source>
        <translation>报价</translation>
    </message>
    <message>
        <source>Not estimated</source>
        <translation>无法估算</translation>
    </message>
    <message>
        <source>to be quoted</source>
        <translation>待询价</translation>
    </message>
    <message>
        <source>To be quoted</source>
        <translation>待询价</translation>
    </message>
    <message>
        <source>Priced parts</source>
        <translation>已有价格的配件</translation>
    </message>
    <message>
        <source>line</source>
        <translation>项</translation>
    </message>
    <message>
        <source>lines</source>
        <translation>项</translation>
    </message>
    <message>
        <source>line to be quoted</source>
        <translation>项待询价</translation>
    </message>
    <message>
        <source>lines to be quoted</source>
        <translation>项待询价</translation>
    </message>
    <message>
        <source>Total of the priced lines</source>
        <translation>已定价项目合计</translation>
    </message>
    <message>
        <source>the prices are in several currencies: choose one and its rate in Preferences</source>
        <translation>价格涉及多种货币：请在首选项中选择一种货币及其汇率</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>Training method</source>
        <translation>训练方式</translation>
    </message>
    <message>
        <source>full training of every weight</source>
        <translation>全参数训练</translation>
    </message>
    <message>
        <source>inference (prefill)</source>
        <translation>推理（预填充）</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>秩</translation>
    </message>
    <message>
        <source>on</source>
        <translation>作用于</translation>
    </message>
    <message>
        <source>every linear layer in the blocks</source>
        <translation>各层中所有线性层</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>every block</source>
        <translation>每个块</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <source>For</source>
        <translation>用于</translation>
    </message>
    <message>
        <source>Valid until</source>
        <translation>有效期至</translation>
    </message>
    <message>
        <source>the whole build</source>
        <translation>整机</translation>
    </message>
    <message>
        <source>unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <source>%1 (Correction: %2)</source>
        <translation>%1（勘误：%2）</translation>
    </message>
    <message>
        <source>pack %1 (%2), %3 parts</source>
        <translation>数据包 %1 (%2), %3 个配件</translation>
    </message>
    <message>
        <source>prices to %1</source>
        <translation>价格截至 %1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>, step %1 s</source>
        <translation>，单步 %1 s</translation>
    </message>
    <message>
        <source> (estimate %1 %)</source>
        <translation>（估算偏差 %1 %）</translation>
    </message>
    <message>
        <source>, allocated peak estimate %1 %</source>
        <translation>，已分配峰值估算偏差 %1 %</translation>
    </message>
    <message>
        <source> (a proxy: not one of this build&apos;s GPUs)</source>
        <translation>（非本配置的 GPU，仅作参考）</translation>
    </message>
    <message>
        <source>%1 vendor&apos;s quote has expired — ask for a new one</source>
        <translation>%1 份供应商报价已过期——请重新询价</translation>
    </message>
    <message>
        <source>%1 vendors&apos; quotes have expired — ask for new ones</source>
        <translation>%1 份供应商报价已过期——请重新询价</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>Several GPUs may add</source>
        <translation>多卡可能再增加</translation>
    </message>
    <message>
        <source>the largest loss in published multi-GPU runs of GPUs the model was not fitted to</source>
        <translation>模型未拟合过的 GPU 在公开多卡实测中的最大损失</translation>
    </message>
    <message>
        <source>Total in capitals</source>
        <translation>总计（大写）</translation>
    </message>
    <message>
        <source>Specification</source>
        <translation>规格型号</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>Unit price incl. tax</source>
        <translation>含税单价</translation>
    </message>
    <message>
        <source>Before tax</source>
        <translation>不含税</translation>
    </message>
    <message>
        <source>Amount incl. tax</source>
        <translation>含税金额</translation>
    </message>
    <message>
        <source>Parts before tax</source>
        <translation>配件合计（不含税）</translation>
    </message>
    <message>
        <source>Total incl. tax</source>
        <translation>含税总计</translation>
    </message>
    <message>
        <source>tax incl.</source>
        <translation>含税</translation>
    </message>
    <message>
        <source>before tax</source>
        <translation>不含税</translation>
    </message>
    <message>
        <source>chosen: %1</source>
        <translation>选用理由：%1</translation>
    </message>
    <message>
        <source>lowest of %1 valid quotes</source>
        <translation>%1 家有效报价中最低</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Budget %1, total %2, remaining %3</source>
        <translation>预算 %1，合计 %2，结余 %3</translation>
    </message>
    <message>
        <source>Budget %1, total %2, over by %3</source>
        <translation>预算 %1，合计 %2，超出预算 %3</translation>
    </message>
    <message>
        <source>used: chosen by the requester — %1</source>
        <translation>选用：申请人指定——%1</translation>
    </message>
    <message>
        <source>used although expired, as asked</source>
        <translation>已过期，按要求仍选用</translation>
    </message>
    <message>
        <source>used: the lowest valid quote</source>
        <translation>选用：最低有效报价</translation>
    </message>
    <message>
        <source>no amount: not used</source>
        <translation>无金额，未采用</translation>
    </message>
    <message>
        <source>expired on %1: not used</source>
        <translation>已于 %1 过期，未采用</translation>
    </message>
    <message>
        <source>not used</source>
        <translation>未采用</translation>
    </message>
    <message>
        <source>Quotes compared</source>
        <translation>比价表</translation>
    </message>
    <message>
        <source>The purchasing office&apos;s rule: %1 valid quotes for a line of %2 and above (tax included).</source>
        <translation>采购规定：单项含税金额达到 %2 的，须有 %1 家有效报价比价。</translation>
    </message>
    <message>
        <source>The lowest valid quote, with its tax, prices its part unless another was chosen with a reason; expired quotes and quotes without an amount are never used.</source>
        <translation>各配件按含税价取最低的有效报价，另选报价须注明理由；过期报价和无金额的报价一律不采用。</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>%1: %2 valid quotes; the rule asks for %3</source>
        <translation>%1：有效报价 %2 家，规定须 %3 家</translation>
    </message>
    <message>
        <source>card</source>
        <translation>块</translation>
    </message>
    <message>
        <source>chip</source>
        <translation>颗</translation>
    </message>
    <message>
        <source>kit</source>
        <translation>套</translation>
    </message>
    <message>
        <source>drive</source>
        <translation>块</translation>
    </message>
    <message>
        <source>board</source>
        <translation>块</translation>
    </message>
    <message>
        <source>supply</source>
        <translation>个</translation>
    </message>
    <message>
        <source>case</source>
        <translation>个</translation>
    </message>
    <message>
        <source>adapter</source>
        <translation>块</translation>
    </message>
    <message>
        <source>instance</source>
        <translation>台</translation>
    </message>
    <message>
        <source>cooler</source>
        <translation>个</translation>
    </message>
    <message>
        <source>server</source>
        <translation>台</translation>
    </message>
    <message>
        <source>piece</source>
        <translation>个</translation>
    </message>
    <message>
        <source>VAT</source>
        <translation>是否含税</translation>
    </message>
    <message>
        <source>Purchase details</source>
        <translation>采购信息</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::AdvicePanel</name>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>The article: %1</source>
        <translation>文章：%1</translation>
    </message>
    <message>
        <source>But: %1</source>
        <translation>但是：%1</translation>
    </message>
    <message>
        <source>Or: %1</source>
        <translation>或者：%1</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>将 %1 设为 %2</translation>
    </message>
    <message>
        <source>Apply: %1</source>
        <translation>应用：%1</translation>
    </message>
    <message>
        <source>No advice for this build and workload.</source>
        <translation>此配置和训练任务暂无建议。</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::AnalysisPanel</name>
    <message>
        <source>Estimate summary</source>
        <translation>估算概要</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Buy or rent</source>
        <translation>购买还是租用</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>硬件目录</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Validate</source>
        <translation>实测验证</translation>
    </message>
    <message>
        <source>Add a GPU to the build to see what the workload needs of it.</source>
        <translation>向配置中添加 GPU，即可查看训练任务对它的需求。</translation>
    </message>
    <message>
        <source>no GPU in the build</source>
        <translation>配置中没有 GPU</translation>
    </message>
    <message numerus="yes">
        <source>Describe a workload to see its memory and step time on %n x %1.</source>
        <translation>
            <numerusform>描述一个训练任务，即可查看它在 %n × %1 上的显存和单步时间。</numerusform>
        </translation>
    </message>
    <message>
        <source>no workload</source>
        <translation>无训练任务</translation>
    </message>
    <message>
        <source>The workload cannot be estimated: %1</source>
        <translation>无法估算该训练任务：%1</translation>
    </message>
    <message>
        <source>not estimated</source>
        <translation>未估算</translation>
    </message>
    <message>
        <source>fit unknown (the GPU&apos;s memory size is not known)</source>
        <translation>能否装下未知（GPU 的显存容量未知）</translation>
    </message>
    <message>
        <source>&lt;b&gt;fits&lt;/b&gt;: %1 of %2 %3 per GPU</source>
        <translation>&lt;b&gt;能装下&lt;/b&gt;：每卡 %1 / %2 %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;does not fit&lt;/b&gt;: %1 %3 per GPU, %2 %3 usable</source>
        <translation>&lt;b&gt;装不下&lt;/b&gt;：每卡需 %1 %3，可用 %2 %3</translation>
    </message>
    <message numerus="yes">
        <source>step %1, %2 over %n GPU(s)</source>
        <translation>
            <numerusform>单步 %1，%n 个 GPU 合计 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>no step time: the catalog has no compute rates for this GPU</source>
        <translation>无单步时间：硬件目录中没有此 GPU 的算力数据</translation>
    </message>
    <message>
        <source>; the CPU issuing ops sets the pace (%1 % of the step)</source>
        <translation>；瓶颈在下发算子的 CPU（占单步的 %1 %）</translation>
    </message>
    <message>
        <source> (calibrated with a run on %1)</source>
        <translation>（已按 %1 上的实测校准）</translation>
    </message>
    <message numerus="yes">
        <source>%1 on %n x %2 — %3; %4</source>
        <translation>
            <numerusform>%1 在 %n × %2 上——%3；%4</numerusform>
        </translation>
    </message>
    <message>
        <source>no compute rates for this GPU</source>
        <translation>没有此 GPU 的算力数据</translation>
    </message>
    <message>
        <source>no step time: %1</source>
        <translation>无单步时间：%1</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::BatchChart</name>
    <message>
        <source>Memory against batch size</source>
        <translation>显存随批大小的变化</translation>
    </message>
    <message>
        <source>batch per GPU</source>
        <translation>每卡批大小</translation>
    </message>
    <message>
        <source>device peak, %1 per GPU</source>
        <translation>设备峰值，每卡 %1</translation>
    </message>
    <message>
        <source>Nothing fits: even batch 1 needs
more than the %1 %2 usable.
Try checkpointing, LoRA, a smaller
precision, ZeRO or FSDP (Advice tab).</source>
        <translation>都装不下：即使批大小为 1，
也超出可用的 %1 %2。
可尝试激活检查点、LoRA、更低的
精度、ZeRO 或 FSDP（见“建议”页）。</translation>
    </message>
    <message>
        <source>largest batch that fits: %1</source>
        <translation>能装下的最大批大小：%1</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::BuildDocument</name>
    <message>
        <source>Untitled build</source>
        <translation>未命名配置</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>no file name to save to</source>
        <translation>没有可保存到的文件名</translation>
    </message>
    <message>
        <source>%1 is not saved: it could not be opened again, as %2. Shorten it and save again.</source>
        <translation>%1 未保存：保存后无法重新打开，原因是 %2。请将其缩短后再保存。</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Add a workload</source>
        <translation>添加训练任务</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Change quantity of %1</source>
        <translation>更改 %1 的数量</translation>
    </message>
    <message>
        <source>Change nodes</source>
        <translation>更改节点数</translation>
    </message>
    <message>
        <source>Rename build</source>
        <translation>重命名配置</translation>
    </message>
    <message>
        <source>Change workload</source>
        <translation>更改训练任务</translation>
    </message>
    <message>
        <source>Remove a workload</source>
        <translation>移除训练任务</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::BuildEditor</name>
    <message>
        <source>Remove part</source>
        <translation>移除配件</translation>
    </message>
    <message>
        <source>Parts of the build</source>
        <translation>配置中的配件</translation>
    </message>
    <message>
        <source>Drop parts here from the catalog, or select one there and press Enter</source>
        <translation>从硬件目录将配件拖放到此处，或在目录中选中配件后按 Enter</translation>
    </message>
    <message>
        <source>Build title</source>
        <translation>配置标题</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Identical machines, each with the parts below</source>
        <translation>相同机器的台数，每台都包含下列配件</translation>
    </message>
    <message>
        <source>Remove the selected part (Delete)</source>
        <translation>移除所选配件（Delete）</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>标题(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Nodes:</source>
        <translation>节点数(&amp;N)：</translation>
    </message>
    <message>
        <source>No prices</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source>Parts: %1</source>
        <translation>配件：%1</translation>
    </message>
    <message>
        <source> + </source>
        <translation> + </translation>
    </message>
    <message numerus="yes">
        <source> + %n line(s) to be quoted</source>
        <translation>
            <numerusform> + %n 项待询价</numerusform>
        </translation>
    </message>
    <message>
        <source> (a price in a currency without a rate: set it in Preferences)</source>
        <translation>（有价格所用的货币没有汇率：请在首选项中设置）</translation>
    </message>
    <message>
        <source> · %1 W at load</source>
        <translation> · 满载 %1 W</translation>
    </message>
    <message>
        <source> · at %1</source>
        <translation> · 汇率 %1</translation>
    </message>
    <message>
        <source>the rate from USD is the default 1.0: set it in Edit ▸ Preferences</source>
        <translation>USD 汇率仍为默认值 1.0：请在“编辑 ▸ 首选项”中设置</translation>
    </message>
    <message>
        <source>the rate has no date: give it in Edit ▸ Preferences</source>
        <translation>汇率没有日期：请在“编辑 ▸ 首选项”中填写</translation>
    </message>
    <message>
        <source>%1 an hour</source>
        <translation>每小时 %1</translation>
    </message>
    <message>
        <source>Parts before tax: %1</source>
        <translation>配件（不含税）：%1</translation>
    </message>
    <message>
        <source> · &lt;b&gt;total %1&lt;/b&gt; with %2 % tax and %3 shipping</source>
        <translation> · &lt;b&gt;含税总计 %1&lt;/b&gt;（税率 %2 %，运费 %3）</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::BuildPartsModel</name>
    <message>
        <source>Vendor quote: </source>
        <translation>供应商报价：</translation>
    </message>
    <message>
        <source>%1 %2, %3, %4</source>
        <translation>%1 %2，%3，%4</translation>
    </message>
    <message>
        <source>No price to buy it at: ask a vendor and enter the quote under Purchasing</source>
        <translation>没有可购买的价格：请向供应商询价，并在“采购”中填写报价</translation>
    </message>
    <message>
        <source>in the server</source>
        <translation>含在服务器内</translation>
    </message>
    <message>
        <source>to be quoted</source>
        <translation>待询价</translation>
    </message>
    <message>
        <source>/h</source>
        <translation>/h</translation>
    </message>
    <message>
        <source> (quote)</source>
        <translation>（报价）</translation>
    </message>
    <message>
        <source>Unit price x quantity x nodes</source>
        <translation>单价 × 数量 × 节点数</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>配件</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Qty per node</source>
        <translation>每节点数量</translation>
    </message>
    <message>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>小计</translation>
    </message>
    <message>
        <source>%1%2%3</source>
        <translation>%1%2%3</translation>
    </message>
    <message>
        <source>%1%2</source>
        <translation>%1%2</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::CatalogBrowser</name>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Search parts: 4090, a100 80, 7950x, ddr5 64…</source>
        <translation>搜索配件：4090、a100 80、7950x、ddr5 64…</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Nothing in the catalog matches “%1”.</source>
        <translation>硬件目录中没有与“%1”匹配的配件。</translation>
    </message>
    <message>
        <source>No part here matches “%1”; found in %2. Clear the search (Esc) to see every part.</source>
        <translation>此处没有与“%1”匹配的配件；在 %2 中找到。清空搜索（Esc）可查看所有配件。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::CatalogChart</name>
    <message>
        <source>The catalog&apos;s GPUs for this workload</source>
        <translation>硬件目录中的 GPU 运行此训练任务的表现</translation>
    </message>
    <message>
        <source>usable memory per GPU, %1</source>
        <translation>每卡可用显存，%1</translation>
    </message>
    <message>
        <source>samples/s per 1,000 USD</source>
        <translation>每 1,000 USD 的样本/秒</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>能装下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>装不下</translation>
    </message>
    <message>
        <source>%1: %2 %5, %3 samples/s per 1,000 USD%4</source>
        <translation>%1：%2 %5，每 1,000 USD %3 样本/秒%4</translation>
    </message>
    <message>
        <source>, fits</source>
        <translation>，能装下</translation>
    </message>
    <message>
        <source>, does not fit</source>
        <translation>，装不下</translation>
    </message>
    <message>
        <source>The workload cannot be built: %1</source>
        <translation>无法构建该训练任务：%1</translation>
    </message>
    <message>
        <source>The workload cannot be estimated: %1</source>
        <translation>无法估算该训练任务：%1</translation>
    </message>
    <message>
        <source>No catalog GPU has a launch price in US dollars and the rates to estimate this workload on.</source>
        <translation>目录中没有一款 GPU 既有以美元计的发布价，又有估算该训练任务所需的算力数据。</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::CatalogTableModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Source: %1 (as of %2)</source>
        <translation>来源：%1（截至 %2）</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::CircuitField</name>
    <message>
        <source> A</source>
        <translation> A</translation>
    </message>
    <message>
        <source>Wall circuit, amperes</source>
        <translation>墙插电路（安培）</translation>
    </message>
    <message>
        <source> V</source>
        <translation> V</translation>
    </message>
    <message>
        <source>Wall circuit, volts</source>
        <translation>墙插电路（伏特）</translation>
    </message>
    <message>
        <source>One node&apos;s wall circuit: a continuous load may draw 80 % of it</source>
        <translation>单个节点所接的墙插电路：持续负载最多可用其 80%</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::CompareDialog</name>
    <message>
        <source>Compare builds</source>
        <translation>比较配置</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Priced parts</source>
        <translation>已有价格的配件</translation>
    </message>
    <message>
        <source>Unpriced parts</source>
        <translation>无价格的配件</translation>
    </message>
    <message>
        <source>Power at load</source>
        <translation>满载功耗</translation>
    </message>
    <message>
        <source>Problems / warnings</source>
        <translation>问题 / 警告</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>能否装下</translation>
    </message>
    <message>
        <source>Device peak per GPU</source>
        <translation>每卡设备峰值</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>Builds compared</source>
        <translation>参与比较的配置</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>no prices</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source> + </source>
        <translation> + </translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 of %2 %3</source>
        <translation>%1 / %2 %3</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Throughput of the builds compared</source>
        <translation>各配置的吞吐量对比</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>each build on its own workload</source>
        <translation>每个配置运行各自的训练任务</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::GlossaryDialog</name>
    <message>
        <source>Allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>设备显存</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Temporaries</source>
        <translation>临时张量</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Allocator cache</source>
        <translation>分配器缓存</translation>
    </message>
    <message>
        <source>Fresh pages (page faults)</source>
        <translation>新页（缺页）</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Step-time ratio</source>
        <translation>单步时间比</translation>
    </message>
    <message>
        <source>DDP</source>
        <translation>DDP</translation>
    </message>
    <message>
        <source>ZeRO-1, -2, -3</source>
        <translation>ZeRO-1、-2、-3</translation>
    </message>
    <message>
        <source>FSDP</source>
        <translation>FSDP</translation>
    </message>
    <message>
        <source>LoRA and QLoRA</source>
        <translation>LoRA 与 QLoRA</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>The bytes PyTorch&apos;s tensors hold at the step&apos;s peak: what torch.cuda.max_memory_allocated() reports.</source>
        <translation>PyTorch 张量在该步峰值时占用的字节数，即 torch.cuda.max_memory_allocated() 报告的值。</translation>
    </message>
    <message>
        <source>Allocated plus the blocks PyTorch&apos;s caching allocator keeps for reuse: what torch.cuda.max_memory_reserved() reports. An out-of-memory happens when this cannot grow.</source>
        <translation>已分配量加上 PyTorch 缓存分配器为复用而保留的内存块，即 torch.cuda.max_memory_reserved() 报告的值。当它无法继续增长时，就会发生显存不足（out-of-memory）。</translation>
    </message>
    <message>
        <source>Reserved plus the CUDA context and the libraries&apos; handles (cuBLAS, cuDNN): about what nvidia-smi shows for the process. It must stay under the GPU&apos;s usable memory.</source>
        <translation>预留量加上 CUDA 上下文和各库的句柄（cuBLAS、cuDNN），约等于 nvidia-smi 显示的该进程占用。它必须低于 GPU 的可用显存。</translation>
    </message>
    <message>
        <source>What the forward pass saves for the backward pass (layer inputs, masks, norms&apos; statistics); it grows with the batch and the sequence or image size.</source>
        <translation>前向传播为反向传播保存的数据（各层输入、掩码、归一化的统计量）；它随批大小以及序列长度或图像尺寸增长。</translation>
    </message>
    <message>
        <source>Tensors that live inside one op or between two (a matmul&apos;s output before the add, a softmax&apos;s copy): freed soon, but they raise the peak.</source>
        <translation>只存在于一个算子内部或两个算子之间的张量（例如 matmul 在加法之前的输出、softmax 的副本）：很快就会释放，但会抬高峰值。</translation>
    </message>
    <message>
        <source>Scratch memory cuBLAS and cuDNN ask for to run a kernel fast.</source>
        <translation>cuBLAS 和 cuDNN 为快速运行内核而申请的临时显存。</translation>
    </message>
    <message>
        <source>Reserved minus allocated: memory PyTorch holds from the GPU but no tensor uses at that moment (free blocks kept for reuse, and rounding).</source>
        <translation>预留量减去已分配量：PyTorch 已从 GPU 占用、但此刻没有任何张量使用的显存（为复用而保留的空闲块，以及取整带来的余量）。</translation>
    </message>
    <message>
        <source>On a CPU run: memory the kernel hands the process for the first time in a step. Each fresh page costs time; the estimator counts it for the CPU&apos;s step time.</source>
        <translation>在 CPU 上运行时：一步中内核首次分配给进程的内存。每个新页都要耗费时间；估算器会将其计入 CPU 的单步时间。</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation: the model&apos;s arithmetic per second divided by the GPU&apos;s datasheet peak (PaLM&apos;s training reported 46 %); small models and small batches run far lower.</source>
        <translation>模型浮点运算利用率：模型每秒的运算量除以 GPU 规格表上的峰值（PaLM 的训练报告为 46 %）；小模型和小批量的利用率要低得多。</translation>
    </message>
    <message>
        <source>A measured step&apos;s time divided by the estimate&apos;s, from a Validate run. Used as a calibration, it scales later estimates on that device.</source>
        <translation>一次实测验证中，实测单步时间与估算单步时间之比。用作校准时，它会按比例修正该设备上之后的估算。</translation>
    </message>
    <message>
        <source>Distributed data parallel: every GPU holds the whole model and optimizer, takes its own part of the batch, and the gradients are averaged each step.</source>
        <translation>分布式数据并行：每个 GPU 都持有完整的模型和优化器，各自处理批中的一部分，每步对梯度求平均。</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s sharding: ZeRO-1 splits the optimizer state over the GPUs, ZeRO-2 also the gradients, ZeRO-3 also the weights (gathered layer by layer when used). Less memory a GPU, more traffic between them.</source>
        <translation>DeepSpeed 的分片方案：ZeRO-1 将优化器状态切分到各 GPU 上，ZeRO-2 还切分梯度，ZeRO-3 还切分权重（使用时逐层收集）。每个 GPU 占用的显存更少，GPU 之间的通信更多。</translation>
    </message>
    <message>
        <source>PyTorch&apos;s fully sharded data parallel: weights, gradients and optimizer state split over the GPUs, as ZeRO-3.</source>
        <translation>PyTorch 的完全分片数据并行：权重、梯度和优化器状态都切分到各 GPU 上，与 ZeRO-3 相同。</translation>
    </message>
    <message>
        <source>Low-rank adapters: the model&apos;s weights stay frozen and small trained matrices of the given rank sit beside chosen layers (q_proj, v_proj…). QLoRA also stores the frozen weights in 4 bits.</source>
        <translation>低秩适配器：模型权重保持冻结，在选定的层（q_proj、v_proj…）旁加入按给定秩训练的小矩阵。QLoRA 还以 4 位存储冻结的权重。</translation>
    </message>
    <message>
        <source>Keeping only each block&apos;s input in the forward pass and recomputing the rest in the backward pass: much less activation memory for about a third more compute.</source>
        <translation>前向传播中只保留每个块的输入，在反向传播中重新计算其余部分：激活值显存大幅减少，代价是计算量增加约三分之一。</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::IssuesPanel</name>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Compatibility findings</source>
        <translation>兼容性检查结果</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>No findings.</source>
        <translation>未发现问题。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not checked&lt;/b&gt; (with every result):&lt;ul&gt;&lt;li&gt;%1&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;b&gt;未检查项&lt;/b&gt;（适用于所有结果）：&lt;ul&gt;&lt;li&gt;%1&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;Concerns: %1</source>
        <translation>&lt;br&gt;涉及：%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;To do: %1</source>
        <translation>&lt;br&gt;处理建议：%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;No catalog change fixes this by itself.&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;仅靠更换硬件目录中的配件无法解决此问题。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Fix %1</source>
        <translation>修复 %1</translation>
    </message>
    <message>
        <source>Make this change (it can be undone); the checks agree it removes the finding</source>
        <translation>执行此更改（可撤销）；检查确认它能消除该问题</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>修复：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::MainWindow</name>
    <message>
        <source>Catalog</source>
        <translation>硬件目录</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>Issues</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Purchasing</source>
        <translation>采购</translation>
    </message>
    <message>
        <source>Model file</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <source>your parts: %1</source>
        <translation>我的配件：%1</translation>
    </message>
    <message>
        <source>your parts database is not in use</source>
        <translation>未使用我的配件数据库</translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) shown · %1</source>
        <translation>
            <numerusform>显示 %n 个配件 · %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Catalog %1 of %2</source>
        <translation>硬件目录 %1（%2）</translation>
    </message>
    <message>
        <source>Signed off by %1. File ▸ Update catalog… installs a newer pack.</source>
        <translation>由 %1 审核签发。“文件 ▸ 更新硬件目录…”可安装更新的目录包。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New build…</source>
        <translation>新建配置(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Compare builds…</source>
        <translation>比较配置(&amp;C)…</translation>
    </message>
    <message>
        <source>Compare two to four builds</source>
        <translation>比较 2 至 4 个配置</translation>
    </message>
    <message>
        <source>TorchRig builds (*.torchrig)</source>
        <translation>TorchRig 配置 (*.torchrig)</translation>
    </message>
    <message>
        <source>Compare builds</source>
        <translation>比较配置</translation>
    </message>
    <message>
        <source>Choose two to four build files.</source>
        <translation>请选择 2 至 4 个配置文件。</translation>
    </message>
    <message>
        <source>&amp;Import model…</source>
        <translation>导入模型(&amp;I)…</translation>
    </message>
    <message>
        <source>Import a Hugging Face model (its config.json)</source>
        <translation>导入 Hugging Face 模型（其 config.json）</translation>
    </message>
    <message>
        <source>Hugging Face config (*.json);;All files (*)</source>
        <translation>Hugging Face 配置文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Update &amp;catalog…</source>
        <translation>更新硬件目录(&amp;C)…</translation>
    </message>
    <message>
        <source>Export build s&amp;heet…</source>
        <translation>导出配置单(&amp;H)…</translation>
    </message>
    <message>
        <source>&amp;Print build sheet…</source>
        <translation>打印配置单(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Build</source>
        <translation>配置(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Add the selected catalog part</source>
        <translation>添加所选的目录配件(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove the selected part</source>
        <translation>移除所选配件(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>术语表(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;About TorchRig</source>
        <translation>关于 TorchRig(&amp;A)</translation>
    </message>
    <message>
        <source>%1[*] — %2 — TorchRig</source>
        <translation>%1[*] — %2 — TorchRig</translation>
    </message>
    <message>
        <source>The catalog has no part %1</source>
        <translation>硬件目录中没有配件 %1</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>ships with the server</source>
        <translation>随服务器附带</translation>
    </message>
    <message>
        <source>Added %1 with its %2 × %3</source>
        <translation>已添加 %1 及其附带的 %2 × %3</translation>
    </message>
    <message>
        <source>Added %1</source>
        <translation>已添加 %1</translation>
    </message>
    <message>
        <source>Cannot open the build</source>
        <translation>无法打开配置</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Cannot save the build</source>
        <translation>无法保存配置</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>%1 has changes that are not saved. Save them?</source>
        <translation>%1 有尚未保存的更改。是否保存？</translation>
    </message>
    <message>
        <source>Cannot start from this build</source>
        <translation>无法以此配置为起点</translation>
    </message>
    <message>
        <source>Started from “%1”: save it to keep it</source>
        <translation>已基于“%1”新建：请保存以保留</translation>
    </message>
    <message>
        <source>Open a build</source>
        <translation>打开配置</translation>
    </message>
    <message>
        <source>Save the build</source>
        <translation>保存配置</translation>
    </message>
    <message>
        <source>an unsaved build</source>
        <translation>未保存的配置</translation>
    </message>
    <message>
        <source>Recover unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <source>TorchRig stopped while %1 had changes that were not saved (autosaved %2). Recover them?</source>
        <translation>TorchRig 停止运行时，%1 有尚未保存的更改（自动保存于 %2）。是否恢复？</translation>
    </message>
    <message>
        <source>Cannot recover</source>
        <translation>无法恢复</translation>
    </message>
    <message>
        <source>PDF build sheet, English (*.pdf)</source>
        <translation>PDF 配置单，英文 (*.pdf)</translation>
    </message>
    <message>
        <source>PDF build sheet, Chinese / 中文 (*.pdf)</source>
        <translation>PDF 配置单，中文 (*.pdf)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Components as CSV (*.csv)</source>
        <translation>配件清单 CSV (*.csv)</translation>
    </message>
    <message>
        <source>Everything as JSON (*.json)</source>
        <translation>全部内容 JSON (*.json)</translation>
    </message>
    <message>
        <source>Export the build sheet</source>
        <translation>导出配置单</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%n page(s)).</source>
        <translation>
            <numerusform>已写入 %1（共 %n 页）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>Open it</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Print the build sheet</source>
        <translation>打印配置单</translation>
    </message>
    <message>
        <source>About TorchRig</source>
        <translation>关于 TorchRig</translation>
    </message>
    <message>
        <source>Update catalog</source>
        <translation>更新硬件目录</translation>
    </message>
    <message>
        <source>A catalog pack is installed beside your parts database, which cannot be written now: %1</source>
        <translation>目录包需安装在您的配件数据库旁，但该位置当前无法写入：%1</translation>
    </message>
    <message>
        <source>Install a catalog pack</source>
        <translation>安装目录包</translation>
    </message>
    <message>
        <source>TorchRig catalog packs (*.sqlite);;All files (*)</source>
        <translation>TorchRig 目录包 (*.sqlite);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Catalog pack %1 of %2 is installed (%3 parts, %4 prices). Your own parts, prices and hidden rows are unchanged.

Restart TorchRig to use it; the open build keeps the prices it was made with until you refresh its parts.</source>
        <translation>已安装目录包 %1（%2）（%3 个配件，%4 条价格）。您自己的配件、价格和隐藏的行均未改变。

请重启 TorchRig 以使用新目录包；在您刷新当前配置的配件之前，它仍沿用创建时的价格。</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;TorchRig %1&lt;/b&gt; plans the hardware for training PyTorch models.&lt;/p&gt;&lt;p&gt;Bundled catalog: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;TorchRig %1&lt;/b&gt; 为训练 PyTorch 模型规划硬件。&lt;/p&gt;&lt;p&gt;内置硬件目录：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>P&amp;lan for a workload…</source>
        <translation>按训练任务规划(&amp;L)…</translation>
    </message>
    <message>
        <source>Opened the proposal “%1”: save it to keep it</source>
        <translation>已打开方案“%1”：请保存以留存</translation>
    </message>
    <message>
        <source>Lab: %1 · you are %2</source>
        <translation>实验室：%1 · 您的身份：%2</translation>
    </message>
    <message numerus="yes">
        <source>Prices, quotes, validation runs and calibrations are the lab&apos;s, shared with its members. %n run(s) recorded offline were pushed on opening.</source>
        <translation>
            <numerusform>价格、报价、实测记录和校准属于实验室，与所有成员共享。打开时已推送离线期间记录的 %n 条运行记录。</numerusform>
        </translation>
    </message>
    <message>
        <source>Lab offline: last copy, read-only</source>
        <translation>实验室离线：显示最近的副本，只读</translation>
    </message>
    <message>
        <source>Lab offline: no copy kept here yet, read-only</source>
        <translation>实验室离线：本机尚未保存副本，只读</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::MemoryChart</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer state</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Temporaries</source>
        <translation>临时张量</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每卡 %1</translation>
    </message>
    <message>
        <source>Allocator cache</source>
        <translation>分配器缓存</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
    <message>
        <source>── device %1 %2</source>
        <translation>── 设备 %1 %2</translation>
    </message>
    <message>
        <source>- - reserved %1 %2</source>
        <translation>- - 预留 %1 %2</translation>
    </message>
    <message>
        <source>··· allocated %1 %2</source>
        <translation>··· 已分配 %1 %2</translation>
    </message>
    <message>
        <source>━ usable %1 %2</source>
        <translation>━ 可用 %1 %2</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::PartDetailsView</name>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;low: check before relying on it&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b00020&apos;&gt;低：使用前请核实&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:%1&apos;&gt;Select a part to see its figures, their sources and prices.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:%1&apos;&gt;选择一个配件，查看其参数、数据来源和价格。&lt;/p&gt;</translation>
    </message>
    <message>
        <source> · &lt;b&gt;your part&lt;/b&gt;</source>
        <translation> · &lt;b&gt;我的配件&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · &lt;b&gt;edited by you&lt;/b&gt;</source>
        <translation> · &lt;b&gt;已由您修改&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Source:&lt;/b&gt; %1&lt;br&gt;&lt;b&gt;As of:&lt;/b&gt; %2 · &lt;b&gt;Confidence:&lt;/b&gt; %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;来源：&lt;/b&gt;%1&lt;br&gt;&lt;b&gt;截至：&lt;/b&gt;%2 · &lt;b&gt;可信度：&lt;/b&gt;%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;small&gt;%1 (as of %2, confidence %3)&lt;/small&gt;</source>
        <translation>&lt;br&gt;&lt;small&gt;%1（截至 %2，可信度：%3）&lt;/small&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Prices&lt;/h4&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;3&apos;&gt;</source>
        <translation>&lt;h4&gt;价格&lt;/h4&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;3&apos;&gt;</translation>
    </message>
    <message>
        <source>/h</source>
        <translation>/h</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:%1&apos;&gt;No price recorded.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:%1&apos;&gt;没有价格记录。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Notes:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;备注：&lt;/b&gt;%1&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::PlanDialog</name>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>full fine-tune</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <source>QLoRA, rank %1</source>
        <translation>QLoRA，秩 %1</translation>
    </message>
    <message>
        <source>LoRA, rank %1</source>
        <translation>LoRA，秩 %1</translation>
    </message>
    <message>
        <source>Plan for a workload</source>
        <translation>按训练任务规划</translation>
    </message>
    <message>
        <source>(your own workloads)</source>
        <translation>（自定义训练任务）</translation>
    </message>
    <message>
        <source>The seed articles&apos; three scenarios: their workload, budget and constraints, with where each figure comes from</source>
        <translation>参考文章的三个场景：训练任务、预算与约束，并注明每个数字的出处</translation>
    </message>
    <message>
        <source>S&amp;tart from</source>
        <translation>起点(&amp;T)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>largest that fits</source>
        <translation>能放下的最大值</translation>
    </message>
    <message>
        <source>Add this workload to the list: the plan holds every workload listed</source>
        <translation>把此训练任务加入列表：规划会容纳列表中的全部训练任务</translation>
    </message>
    <message>
        <source>Workloads to plan for</source>
        <translation>要规划的训练任务</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Batch per GPU</source>
        <translation>每卡批大小</translation>
    </message>
    <message>
        <source>Sequence / image</source>
        <translation>序列 / 图像</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>The whole purchase, every node, with the tax and shipping of Preferences</source>
        <translation>整笔采购（所有节点），含首选项中的税费和运费</translation>
    </message>
    <message>
        <source>Buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>Rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>Buy or rent</source>
        <translation>购买或租用</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练用时</translation>
    </message>
    <message>
        <source>Samples/s per money</source>
        <translation>每单位金额的样本/秒</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Desk tower</source>
        <translation>桌面塔式</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机架</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>规划(&amp;P)</translation>
    </message>
    <message>
        <source>B&amp;udget</source>
        <translation>预算(&amp;U)</translation>
    </message>
    <message>
        <source>Ran&amp;k by</source>
        <translation>排序依据(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Circuit</source>
        <translation>电路(&amp;C)</translation>
    </message>
    <message>
        <source>C&amp;ase</source>
        <translation>机箱(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;GPUs per node at most</source>
        <translation>每节点 GPU 上限(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Nodes</source>
        <translation>节点数(&amp;N)</translation>
    </message>
    <message>
        <source>Budget and constraints</source>
        <translation>预算与约束</translation>
    </message>
    <message>
        <source>Proposals</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>At the wall</source>
        <translation>墙插功率</translation>
    </message>
    <message>
        <source>Add the workloads, set the budget, and press Plan.</source>
        <translation>添加训练任务，设定预算，然后按“规划”。</translation>
    </message>
    <message>
        <source>&amp;Open as build</source>
        <translation>作为配置打开(&amp;O)</translation>
    </message>
    <message>
        <source>The scenario&apos;s budget is ¥%1: Preferences have no rate from CNY to %2, so set the budget in %2 yourself.</source>
        <translation>该场景的预算为 ¥%1：首选项中没有 CNY 到 %2 的汇率，请自行以 %2 设定预算。</translation>
    </message>
    <message>
        <source>This workload cannot be built: %1</source>
        <translation>无法构建此训练任务：%1</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>%1 × %1 px</source>
        <translation>%1 × %1 像素</translation>
    </message>
    <message>
        <source>Add a workload first: choose a model above and press Add.</source>
        <translation>请先添加训练任务：在上方选择模型并按“添加”。</translation>
    </message>
    <message>
        <source>Planning: every GPU of the catalog against the workloads, then a host for each…</source>
        <translation>规划中：先用目录中的每款 GPU 对照训练任务，再为每款配齐主机…</translation>
    </message>
    <message>
        <source>%1 nodes of %2</source>
        <translation>%1 个节点，每个 %2</translation>
    </message>
    <message>
        <source>Rent: %1</source>
        <translation>租用：%1</translation>
    </message>
    <message>
        <source>%1 rent</source>
        <translation>%1 租金</translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <source>after %1 months</source>
        <translation>%1 个月后</translation>
    </message>
    <message>
        <source>never</source>
        <translation>不会回本</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing within the budget.&lt;/b&gt;</source>
        <translation>&lt;b&gt;预算内没有可行的配置。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;A 10 % larger budget&lt;/b&gt; buys %1 for %2: trains in %3.</source>
        <translation>&lt;b&gt;预算增加 10 %&lt;/b&gt; 可购买 %1，价格 %2：训练用时 %3。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Faster for more:&lt;/b&gt; %1 for %2 trains in %3 (%4 % less time).</source>
        <translation>&lt;b&gt;多花钱更快：&lt;/b&gt;%1，价格 %2，训练用时 %3（少用 %4 % 的时间）。</translation>
    </message>
    <message>
        <source>The cheapest complete build that runs the workloads: %1 for %2.</source>
        <translation>能运行这些训练任务的最便宜完整配置：%1，价格 %2。</translation>
    </message>
    <message>
        <source>* a workload without a dataset (samples and epochs) counts as 10^6 samples.</source>
        <translation>* 没有数据集（样本数和 epoch 数）的训练任务按 10^6 个样本计。</translation>
    </message>
    <message>
        <source>Searched %1 GPU models (%2 priced, %3 hold the workloads), %4 combinations and %5 hosts in %6 s.</source>
        <translation>共搜索 %1 款 GPU（%2 款有价格，%3 款能容纳训练任务）、%4 种组合和 %5 套主机，用时 %6 秒。</translation>
    </message>
    <message numerus="yes">
        <source>%n identical nodes, each with:</source>
        <translation>
            <numerusform>%n 个相同的节点，每个包含：</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: batch %2 per GPU</source>
        <translation>%1：每卡批大小 %2</translation>
    </message>
    <message>
        <source>, %1 of %2 GiB a GPU</source>
        <translation>，每卡占用 %1 / %2 GiB</translation>
    </message>
    <message>
        <source>Renting instead: %1 at %2 an hour</source>
        <translation>改为租用：%1，每小时 %2</translation>
    </message>
    <message>
        <source>Renting instead: %1 × %2 at %3 an hour</source>
        <translation>改为租用：%1 × %2，每小时 %3</translation>
    </message>
    <message>
        <source>, %1 for the runs</source>
        <translation>，训练共 %1</translation>
    </message>
    <message numerus="yes">
        <source>† %n part(s) without a price: ask a vendor for a quote (not in the total)</source>
        <translation>
            <numerusform>† %n 个部件没有价格：请向供应商询价（未计入总价）</numerusform>
        </translation>
    </message>
    <message>
        <source>† %1 % of the total rests on prices older than %2 months: ask for current ones</source>
        <translation>† 总价中 %1 % 基于超过 %2 个月的旧价格：请询问当前价格</translation>
    </message>
    <message>
        <source>Slower: %1</source>
        <translation>较慢：%1</translation>
    </message>
    <message>
        <source>Proposal %1</source>
        <translation>方案 %1</translation>
    </message>
    <message>
        <source>10 % more budget</source>
        <translation>预算多 10 %</translation>
    </message>
    <message>
        <source>Faster, for more</source>
        <translation>多花钱更快</translation>
    </message>
    <message>
        <source>Cheapest, over budget</source>
        <translation>最便宜（超出预算）</translation>
    </message>
    <message>
        <source>Start from</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>Bu&amp;y or rent</source>
        <translation>购买或租用(&amp;Y)</translation>
    </message>
    <message>
        <source>Pays off against renting</source>
        <translation>相对租用的回本时间</translation>
    </message>
    <message>
        <source>Compare the proposa&amp;ls…</source>
        <translation>比较这些方案(&amp;L)…</translation>
    </message>
    <message>
        <source>One GPU</source>
        <translation>单卡</translation>
    </message>
    <message>
        <source>&lt;b&gt;With one GPU:&lt;/b&gt; %1 for %2 trains in %3, on a time that needs no scaling across GPUs (the multi-GPU times assume a scaling that is modelled, not measured).</source>
        <translation>&lt;b&gt;单卡方案：&lt;/b&gt;%1，%2，训练用时 %3；这一时间不依赖多卡扩展（多卡时间所假设的扩展效率是模型推算，未经实测）。</translation>
    </message>
    <message>
        <source>on every linear layer of a block</source>
        <translation>作用于块内所有线性层</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>作用于 %1</translation>
    </message>
    <message>
        <source>checkpointing each block</source>
        <translation>每个块做激活检查点</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>smaller micro-batches, accumulated</source>
        <translation>用更小的微批并做梯度累积</translation>
    </message>
    <message>
        <source>checkpoint each block</source>
        <translation>每个块做激活检查点</translation>
    </message>
    <message>
        <source>QLoRA for LoRA work</source>
        <translation>LoRA 任务改用 QLoRA</translation>
    </message>
    <message>
        <source>Changes what is computed (the frozen weights in 4 bits): pulled only when nothing else makes the work fit</source>
        <translation>会改变计算内容（冻结权重以 4 位存储）：只有其他办法都装不下时才采用</translation>
    </message>
    <message>
        <source>To make it fit, the planner may</source>
        <translation>为了装得下，规划器可以</translation>
    </message>
    <message>
        <source>Choose a model for the workload first.</source>
        <translation>请先为训练任务选择模型。</translation>
    </message>
    <message>
        <source>%1 samples × %2 epochs</source>
        <translation>%1 个样本 × %2 轮</translation>
    </message>
    <message>
        <source>not given: 10^6 samples assumed</source>
        <translation>未填写：按 10^6 个样本计</translation>
    </message>
    <message>
        <source>A&amp;dd to the list</source>
        <translation>加入列表(&amp;D)</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::PurchasingPanel</name>
    <message>
        <source>Add quote</source>
        <translation>添加报价</translation>
    </message>
    <message>
        <source>Remove quote</source>
        <translation>移除报价</translation>
    </message>
    <message>
        <source>Requester</source>
        <translation>申请人</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>课题组</translation>
    </message>
    <message>
        <source>the lab or group that buys</source>
        <translation>采购的实验室或课题组</translation>
    </message>
    <message>
        <source>Budget code</source>
        <translation>经费代码</translation>
    </message>
    <message>
        <source>the grant or budget the purchase is charged to</source>
        <translation>本次采购所使用的项目经费或预算</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>What the purchasing office should know (printed on the sheet)</source>
        <translation>需要告知采购部门的事项（会打印在配置单上）</translation>
    </message>
    <message>
        <source>Vendor quotes</source>
        <translation>供应商报价</translation>
    </message>
    <message>
        <source>A quote for a part is that part&apos;s unit price on the sheet and in every total</source>
        <translation>配件的报价即为该配件在配置单和各项合计中的单价</translation>
    </message>
    <message>
        <source>Requester:</source>
        <translation>申请人：</translation>
    </message>
    <message>
        <source>Group:</source>
        <translation>课题组：</translation>
    </message>
    <message>
        <source>Budget code:</source>
        <translation>经费代码：</translation>
    </message>
    <message>
        <source>Vendor quotes:</source>
        <translation>供应商报价：</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>Change the requester</source>
        <translation>更改申请人</translation>
    </message>
    <message>
        <source>Change the group</source>
        <translation>更改课题组</translation>
    </message>
    <message>
        <source>Change the budget code</source>
        <translation>更改经费代码</translation>
    </message>
    <message>
        <source>Change the notes</source>
        <translation>更改备注</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未填写</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>The budget code&apos;s amount: the sheet holds the total against it</source>
        <translation>预算编号对应的金额：配置单会将总计与其对照</translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation>预算：</translation>
    </message>
    <message>
        <source>Change the budget</source>
        <translation>修改预算</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1：</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::QuotesModel</name>
    <message>
        <source>the whole build</source>
        <translation>整机</translation>
    </message>
    <message>
        <source>The part the quote prices (its amount is the unit price), or the whole build</source>
        <translation>报价所针对的配件（金额即为单价），或整机</translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation>YYYY-MM-DD</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>供应商</translation>
    </message>
    <message>
        <source>For</source>
        <translation>用于</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>金额</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Valid until</source>
        <translation>有效期至</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>This quote has expired: ask the vendor for a new one</source>
        <translation>此报价已过期：请向供应商重新询价</translation>
    </message>
    <message>
        <source>%1 (not in the build)</source>
        <translation>%1（不在配置中）</translation>
    </message>
    <message>
        <source>Edit a vendor quote</source>
        <translation>编辑供应商报价</translation>
    </message>
    <message>
        <source>Add a vendor quote</source>
        <translation>添加供应商报价</translation>
    </message>
    <message>
        <source>Remove a vendor quote</source>
        <translation>移除供应商报价</translation>
    </message>
    <message>
        <source>%1 (expired)</source>
        <translation>%1（已过期）</translation>
    </message>
    <message>
        <source>Checked: the amount includes VAT (含税), as Chinese vendors quote; unchecked: VAT is added once at the rate of Preferences</source>
        <translation>勾选：金额已含增值税（含税价），国内供应商通常如此报价；不勾选：按首选项中的税率加计一次增值税</translation>
    </message>
    <message>
        <source>Empty: the lowest valid quote prices the part. A reason here makes this quote the one used, and the sheet prints the reason</source>
        <translation>留空：按最低的有效报价计价。填写理由后即选用此报价，配置单会印出该理由</translation>
    </message>
    <message>
        <source>Incl. VAT</source>
        <translation>含税</translation>
    </message>
    <message>
        <source>Chosen because</source>
        <translation>选用理由</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::RentChart</name>
    <message>
        <source>Buy or rent</source>
        <translation>购买还是租用</translation>
    </message>
    <message>
        <source>months of use</source>
        <translation>使用月数</translation>
    </message>
    <message>
        <source>cumulative cost, %1</source>
        <translation>累计成本，%1</translation>
    </message>
    <message>
        <source>buy: %1%2 %3 + energy</source>
        <translation>购买：%1%2 %3 + 电费</translation>
    </message>
    <message>
        <source>&gt;= </source>
        <translation>&gt;= </translation>
    </message>
    <message>
        <source> (buy pays off: %1%2 mo)</source>
        <translation>（购买回本：%1%2 个月）</translation>
    </message>
    <message>
        <source> (renting stays cheaper)</source>
        <translation>（租用始终更便宜）</translation>
    </message>
    <message>
        <source>%1%2</source>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>the %1 cheapest of %2 instances that fit</source>
        <translation>仅显示 %2 个能装下的实例中最便宜的 %1 个</translation>
    </message>
    <message>
        <source>energy not counted: give an electricity price in Preferences</source>
        <translation>未计电费：请在首选项中填写电价</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::SettingsDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>EUR=7.72, CHF=8.10</source>
        <translation>EUR=7.72, CHF=8.10</translation>
    </message>
    <message>
        <source>Rates for other currencies</source>
        <translation>其他货币的汇率</translation>
    </message>
    <message>
        <source>Some shop prices in the catalog are in euros, Swiss francs or yuan: the units of your currency for one of each, so that every price counts in the total</source>
        <translation>硬件目录中部分商店价格以欧元、瑞士法郎或人民币标价：请填写每种货币 1 单位折合多少本币，以便所有价格都计入总额</translation>
    </message>
    <message>
        <source>YYYY-MM-DD</source>
        <translation>YYYY-MM-DD</translation>
    </message>
    <message>
        <source>Sales tax or VAT on the parts</source>
        <translation>配件的销售税或增值税</translation>
    </message>
    <message>
        <source>Shipping, in the currency above</source>
        <translation>运费（按上面的货币计）</translation>
    </message>
    <message>
        <source>GiB (2^30 bytes, as PyTorch and nvidia-smi report)</source>
        <translation>GiB（2^30 字节，与 PyTorch 和 nvidia-smi 的报告一致）</translation>
    </message>
    <message>
        <source>GB (10^9 bytes, as spec sheets print)</source>
        <translation>GB（10^9 字节，与规格表一致）</translation>
    </message>
    <message>
        <source>Memory unit</source>
        <translation>容量单位</translation>
    </message>
    <message>
        <source>The system&apos;s</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Takes effect at the next start (--theme and TORCHRIG_THEME come first)</source>
        <translation>下次启动时生效（--theme 和 TORCHRIG_THEME 优先）</translation>
    </message>
    <message>
        <source>Rate: units for one USD</source>
        <translation>汇率：1 USD 兑换的本币数</translation>
    </message>
    <message>
        <source>Rate taken on</source>
        <translation>汇率日期</translation>
    </message>
    <message>
        <source>Electricity price per kWh</source>
        <translation>每 kWh 电价</translation>
    </message>
    <message>
        <source>Hours of training a day</source>
        <translation>每天训练小时数</translation>
    </message>
    <message>
        <source>Months the purchase is spread over</source>
        <translation>购置费用分摊月数</translation>
    </message>
    <message>
        <source>&amp;Currency (ISO 4217):</source>
        <translation>货币（ISO 4217）(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Rate: units for one USD:</source>
        <translation>汇率：1 USD 兑换的本币数(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Other currencies&apos; rates:</source>
        <translation>其他货币的汇率(&amp;O)：</translation>
    </message>
    <message>
        <source>Rates &amp;taken on:</source>
        <translation>汇率日期(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Electricity price per kWh:</source>
        <translation>每 kWh 电价(&amp;E)：</translation>
    </message>
    <message>
        <source>0: energy is not counted, and owning looks cheaper than it is</source>
        <translation>0：不计电费，自购会显得比实际更便宜</translation>
    </message>
    <message>
        <source>&amp;Hours of training a day:</source>
        <translation>每天训练小时数(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Months the purchase is spread over:</source>
        <translation>购置费用分摊月数(&amp;M)：</translation>
    </message>
    <message>
        <source>Sales ta&amp;x or VAT on the parts:</source>
        <translation>配件的销售税或增值税(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Shipping, in the currency above:</source>
        <translation>运费（按上面的货币计）(&amp;S)：</translation>
    </message>
    <message>
        <source>Show memory &amp;in:</source>
        <translation>容量显示单位(&amp;I)：</translation>
    </message>
    <message>
        <source>Th&amp;eme (at the next start):</source>
        <translation>主题（下次启动时生效）(&amp;E)：</translation>
    </message>
    <message>
        <source>A rate of 1 from USD to %1 is the default, not a rate: type the day&apos;s rate.</source>
        <translation>USD 兑 %1 的汇率为 1 是默认值，并非真实汇率：请输入当日汇率。</translation>
    </message>
    <message>
        <source>No date for the rate: totals and the sheet will say the rate is undated.</source>
        <translation>汇率没有日期：合计和配置单中将注明汇率未标日期。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Takes effect at the next start (--lang and TORCHRIG_LANG come first)</source>
        <translation>下次启动时生效（--lang 和 TORCHRIG_LANG 优先）</translation>
    </message>
    <message>
        <source>&amp;Language (at the next start):</source>
        <translation>语言（下次启动时生效）(&amp;L)：</translation>
    </message>
    <message>
        <source>the catalog&apos;s reference rate</source>
        <translation>目录自带的参考汇率</translation>
    </message>
    <message>
        <source>Wall ci&amp;rcuit:</source>
        <translation>墙插电路(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Buy the parts in:</source>
        <translation>配件购买地(&amp;B)：</translation>
    </message>
    <message>
        <source>Mainland China</source>
        <translation>中国大陆</translation>
    </message>
    <message>
        <source>Anywhere else</source>
        <translation>其他地区</translation>
    </message>
    <message>
        <source>Where the parts are bought</source>
        <translation>配件购买地</translation>
    </message>
    <message>
        <source>The planner leaves out the GPUs not sold new there (in mainland China: those the US export rules keep out, such as the RTX 4090; the 4090 D is sold)</source>
        <translation>规划时不纳入当地不以新品销售的 GPU（在中国大陆：受美国出口管制的型号，例如 RTX 4090；4090 D 有售）</translation>
    </message>
    <message>
        <source>Quotes a line needs</source>
        <translation>每项所需报价数</translation>
    </message>
    <message>
        <source>no rule</source>
        <translation>无规定</translation>
    </message>
    <message>
        <source>For a line of, with tax, in the currency above</source>
        <translation>适用的单项含税金额（上面所选货币）</translation>
    </message>
    <message>
        <source>Your purchasing office&apos;s rule (三家比价): the sheet marks a line at this amount or above with fewer valid quotes</source>
        <translation>贵单位采购部门的规定（三家比价）：单项金额达到此数而有效报价不足的，配置单会标出</translation>
    </message>
    <message>
        <source>valid quotes for a line of</source>
        <translation>家有效报价，适用于单项金额达到</translation>
    </message>
    <message>
        <source>Quotes compared:</source>
        <translation>比价规定：</translation>
    </message>
    <message>
        <source>printed above the sheet&apos;s title</source>
        <translation>印在配置单标题之上</translation>
    </message>
    <message>
        <source>Institution on the sheet</source>
        <translation>配置单上的单位名称</translation>
    </message>
    <message>
        <source>e.g. Project; Room; Purpose (separated by ;)</source>
        <translation>如：项目名称；存放地点；用途说明（以分号分隔）</translation>
    </message>
    <message>
        <source>Fields your office requires</source>
        <translation>采购部门要求填写的栏目</translation>
    </message>
    <message>
        <source>Each is asked in the Purchasing dock and printed on the sheet, with the build&apos;s answer or a line to write one in</source>
        <translation>每一栏都会在“采购”面板中填写，并印在配置单上；未填写的留出横线供手写</translation>
    </message>
    <message>
        <source>Instit&amp;ution on the sheet:</source>
        <translation>配置单上的单位名称(&amp;U)：</translation>
    </message>
    <message>
        <source>Fields your office re&amp;quires:</source>
        <translation>采购部门要求的栏目(&amp;Q)：</translation>
    </message>
    <message>
        <source>La&amp;b database (at the next start):</source>
        <translation>实验室数据库(&amp;B)（下次启动时生效）：</translation>
    </message>
    <message>
        <source>none, or postgresql://you@host/torchrig_lab</source>
        <translation>无，或 postgresql://用户名@主机/torchrig_lab</translation>
    </message>
    <message>
        <source>Lab database</source>
        <translation>实验室数据库</translation>
    </message>
    <message>
        <source>Your lab&apos;s PostgreSQL database: its prices, quotes, validation runs and calibrations are used and written. The password comes from ~/.pgpass, never from TorchRig&apos;s settings. Takes effect at the next start (--lab and TORCHRIG_LAB come first)</source>
        <translation>实验室的 PostgreSQL 数据库：价格、报价、实测记录和校准都从这里读取并写入。密码取自 ~/.pgpass，绝不保存在 TorchRig 的设置中。下次启动时生效（--lab 和 TORCHRIG_LAB 优先）</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::StartPage</name>
    <message>
        <source>Start from a build the seed articles describe, open one of yours, or start empty and add parts from the catalog.</source>
        <translation>可从参考文章描述的配置开始，打开自己的配置，或从空配置开始并从硬件目录添加配件。</translation>
    </message>
    <message>
        <source>Builds from the articles</source>
        <translation>参考文章中的配置</translation>
    </message>
    <message>
        <source>%1
%2
budget: %3</source>
        <translation>%1
%2
预算：%3</translation>
    </message>
    <message>
        <source>Use this build</source>
        <translation>使用此配置</translation>
    </message>
    <message>
        <source>Recent builds</source>
        <translation>最近的配置</translation>
    </message>
    <message>
        <source>Empty build</source>
        <translation>空配置</translation>
    </message>
    <message>
        <source>A build with no parts: add them from the catalog</source>
        <translation>不含配件的配置：请从硬件目录添加配件</translation>
    </message>
    <message>
        <source>Open a build file…</source>
        <translation>打开配置文件…</translation>
    </message>
    <message>
        <source>Plan a build</source>
        <translation>规划配置</translation>
    </message>
    <message>
        <source>(none yet: the builds you open or save appear here)</source>
        <translation>（暂无：您打开或保存的配置会显示在这里）</translation>
    </message>
    <message>
        <source>Plan for a workload…</source>
        <translation>按训练任务规划…</translation>
    </message>
    <message>
        <source>The three best complete builds of the catalog for your workloads, budget and circuit, each checked, priced and compared with renting</source>
        <translation>按你的训练任务、预算和电路，从目录中给出三套最佳完整配置，每套均经过检查、计价并与租用比较</translation>
    </message>
    <message>
        <source>Or say what you want to train and for how much: TorchRig proposes the three best complete builds of its catalog.</source>
        <translation>或者说出你想训练什么、预算多少：TorchRig 会从目录中给出三套最佳完整配置。</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::StepTimeChart</name>
    <message>
        <source>%1 ms ± %2 %</source>
        <translation>%1 ms ± %2 %</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 samples/s</source>
        <translation>%1 样本/秒</translation>
    </message>
    <message>
        <source>%1 tokens/s (%2 samples/s)</source>
        <translation>%1 token/秒（%2 样本/秒）</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>milliseconds per step</source>
        <translation>每步毫秒数</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Communication not hidden</source>
        <translation>未被掩盖的通信</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>%1
%2 ms</source>
        <translation>%1
%2 ms</translation>
    </message>
    <message>
        <source>Whole step: %1 ms, may be off by ± %2 ms</source>
        <translation>整步：%1 ms，可能偏差 ± %2 ms</translation>
    </message>
    <message>
        <source>Whole step: %1 ms</source>
        <translation>整步：%1 ms</translation>
    </message>
    <message>
        <source>Whole step
%1 ± %2 ms</source>
        <translation>整步
%1 ± %2 ms</translation>
    </message>
    <message>
        <source>Whole step
%1 ms</source>
        <translation>整步
%1 ms</translation>
    </message>
    <message numerus="yes">
        <source>step %1 · %2 over %n GPU(s) · MFU %3 %</source>
        <translation>
            <numerusform>单步 %1 · %n 个 GPU 合计 %2 · MFU %3 %</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ms −%2 % / +%3 %</source>
        <translation>%1 ms −%2 % / +%3 %</translation>
    </message>
    <message>
        <source>Whole step: %1 ms, may be %2 ms shorter or %3 ms longer</source>
        <translation>整步：%1 ms，可能短 %2 ms 或长 %3 ms</translation>
    </message>
    <message>
        <source>Whole step
%1 −%2 / +%3 ms</source>
        <translation>整步
%1 −%2 / +%3 ms</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::TimelineChart</name>
    <message>
        <source>Memory through one step</source>
        <translation>一步内的显存变化</translation>
    </message>
    <message>
        <source>allocation events through the step</source>
        <translation>一步内的分配事件</translation>
    </message>
    <message>
        <source>live %1 on the GPU</source>
        <translation>GPU 上的存活量，%1</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>peak %1 %2</source>
        <translation>峰值 %1 %2</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::ValidatePanel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Run on this machine</source>
        <translation>在本机运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Calibrate this device with this run</source>
        <translation>用本次运行校准此设备</translation>
    </message>
    <message>
        <source>Reset calibration</source>
        <translation>重置校准</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>历史记录…</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Measured steps</source>
        <translation>测量步数</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Time limit</source>
        <translation>时间上限</translation>
    </message>
    <message>
        <source>Stop the run (within a second)</source>
        <translation>停止运行（1 秒内）</translation>
    </message>
    <message>
        <source>Later runs on this device are estimated with this run&apos;s rates and its measured step over estimated step</source>
        <translation>之后此设备上的估算将使用本次运行测得的速率，以及本次实测单步时间与估算单步时间之比</translation>
    </message>
    <message>
        <source>Estimate with each run&apos;s own rates again</source>
        <translation>恢复使用每次运行自身测得的速率进行估算</translation>
    </message>
    <message>
        <source>The runs measured on this computer, with the estimates beside them</source>
        <translation>在本机上实测的运行记录，及其对应的估算值</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Estimated against measured</source>
        <translation>估算与实测对比</translation>
    </message>
    <message>
        <source>Estimate&apos;s error per figure</source>
        <translation>各指标的估算误差</translation>
    </message>
    <message>
        <source>error, % of measured</source>
        <translation>误差（占实测值的 %）</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>步数：</translation>
    </message>
    <message>
        <source>Time limit:</source>
        <translation>时间上限：</translation>
    </message>
    <message>
        <source>Looking for this machine&apos;s devices…</source>
        <translation>正在查找本机设备…</translation>
    </message>
    <message>
        <source>%1 (about %2 %3 to use here)</source>
        <translation>%1（此处约可用 %2 %3）</translation>
    </message>
    <message>
        <source>Batch %1 would not fit %2, so batch %3 runs, and the estimate beside it is for batch %3 too.</source>
        <translation>批大小 %1 在 %2 上装不下，因此改为以批大小 %3 运行，旁边的估算也按批大小 %3 计算。</translation>
    </message>
    <message>
        <source>Not even batch 1 of all %1 layers would fit %2, so %3 of its %1 layers run at batch %4 (the same embeddings and head), and the estimate beside it is for that smaller model too.%5</source>
        <translation>即使批大小为 1，全部 %1 层在 %2 上也装不下，因此只运行其 %1 层中的 %3 层，批大小为 %4（嵌入层和输出头不变），旁边的估算也针对这个缩小后的模型。%5</translation>
    </message>
    <message>
        <source> Even that may not fit.</source>
        <translation>即便如此也可能装不下。</translation>
    </message>
    <message>
        <source>Describe a workload to validate it on this machine.</source>
        <translation>请描述训练任务，以便在本机上实测验证。</translation>
    </message>
    <message>
        <source>No device of this machine to run on.</source>
        <translation>本机没有可运行的设备。</translation>
    </message>
    <message>
        <source>the model file</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <source>%1 with %2 of its %3 layers</source>
        <translation>%1（%3 层中的 %2 层）</translation>
    </message>
    <message>
        <source>Runs %1 at batch %2, %3, on %4. %5</source>
        <translation>在 %4 上运行 %1，批大小 %2，%3。%5</translation>
    </message>
    <message>
        <source>Looking for this machine&apos;s devices… press Run again when they are listed.</source>
        <translation>正在查找本机设备…列出设备后，请再次点击“在本机运行”。</translation>
    </message>
    <message>
        <source>Nothing to run: describe a workload, and check that a device was found.</source>
        <translation>没有可运行的内容：请描述训练任务，并确认已找到设备。</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>starting the worker</source>
        <translation>正在启动工作进程</translation>
    </message>
    <message>
        <source>Does not fit: %1</source>
        <translation>装不下：%1</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>装不下</translation>
    </message>
    <message>
        <source>Cancelled; nothing was measured.</source>
        <translation>已取消；未进行任何测量。</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Measured, but the estimate could not be made: %1</source>
        <translation>已完成测量，但无法进行估算：%1</translation>
    </message>
    <message>
        <source>estimated calibrated, with this device&apos;s stored run (step-time ratio %1)</source>
        <translation>已校准估算，使用此设备保存的运行记录（单步时间比 %1）</translation>
    </message>
    <message>
        <source>estimated with this run&apos;s own matmul and copy rates</source>
        <translation>使用本次运行自身测得的 matmul 和拷贝速率估算</translation>
    </message>
    <message>
        <source>Measured on %1 (%2, LibTorch %3), batch %4, %5 steps: %6; this run&apos;s measured step / estimated step = %7.</source>
        <translation>在 %1（%2，LibTorch %3）上实测，批大小 %4，%5 步：%6；本次实测单步 / 估算单步 = %7。</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>not estimated</source>
        <translation>未估算</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>The estimate cannot size this run down: %1</source>
        <translation>估算无法为这次运行缩小规模：%1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 of its %2 layers</source>
        <translation>其 %2 层中的 %1 层</translation>
    </message>
    <message>
        <source>the whole model</source>
        <translation>整个模型</translation>
    </message>
    <message>
        <source>As it stands the run would take about %1 here (%2 to create the model, then %3 a step for %4 steps), more than half the time limit of %5; so %6 run at batch %7, in about %8, and the estimate beside it is for that run too.</source>
        <translation>按现有设置，这次运行在本机约需 %1（创建模型 %2，之后 %4 步每步 %3），超过时间上限 %5 的一半；因此改为以批大小 %7 运行%6，约需 %8，旁边的估算也针对这次运行。</translation>
    </message>
    <message>
        <source> Even that may run out of time: give it a longer time limit.</source>
        <translation>即使这样也可能超时：请放宽时间上限。</translation>
    </message>
    <message>
        <source> (The steps are timed by a reference CPU&apos;s rates until a run here calibrates this device.)</source>
        <translation>（在本机运行一次并校准此设备之前，每步用时按参考 CPU 的速率估算。）</translation>
    </message>
    <message>
        <source>Fit the run to this machine</source>
        <translation>让运行适配本机</translation>
    </message>
    <message>
        <source>Before it starts, a run the estimate says would not fit this device, or would take more than half the time limit, is made smaller: fewer layers, a smaller batch; the estimate beside it is for that run</source>
        <translation>开始之前，若估算表明运行装不进此设备，或用时会超过时间上限的一半，就把运行缩小：更少的层、更小的批；旁边的估算针对缩小后的运行</translation>
    </message>
    <message>
        <source>building the model</source>
        <translation>正在构建模型</translation>
    </message>
    <message>
        <source>warm-up step %1</source>
        <translation>预热第 %1 步</translation>
    </message>
    <message>
        <source>measured step %1</source>
        <translation>测量第 %1 步</translation>
    </message>
    <message>
        <source>trying batch %1</source>
        <translation>尝试批大小 %1</translation>
    </message>
    <message>
        <source>%1 — %2 s</source>
        <translation>%1 — %2 秒</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>进程数（rank）</translation>
    </message>
    <message>
        <source>Data parallel: this many processes train the workload together, each with the batch, as PyTorch&apos;s DistributedDataParallel does (its own c10d Reducer). On the CPU the ranks share this machine&apos;s cores over Gloo: the memory and the exchange are measured, not a GPU box&apos;s speed. NCCL ranks on GPUs are not measured yet. Follows the build&apos;s GPUs until you change it.</source>
        <translation>数据并行：这么多个进程共同训练该工作负载，每个进程使用设定的批大小，方式与 PyTorch 的 DistributedDataParallel 相同（使用其自身的 c10d Reducer）。在 CPU 上，各进程通过 Gloo 共享本机的核心：测得的是显存占用与梯度交换，而不是 GPU 机器的速度。GPU 上的 NCCL 多进程尚未实测。在您手动修改之前，进程数跟随配置中的 GPU 数量。</translation>
    </message>
    <message>
        <source>Ranks:</source>
        <translation>进程数：</translation>
    </message>
    <message>
        <source>%1 CPU ranks (data parallel over Gloo, sharing this machine&apos;s cores)</source>
        <translation>%1 个 CPU 进程（通过 Gloo 数据并行，共享本机核心）</translation>
    </message>
    <message>
        <source>%1 ranks of %2 (data parallel)</source>
        <translation>%2 上的 %1 个进程（数据并行）</translation>
    </message>
    <message>
        <source>Rank %1 of %2: allocated peak</source>
        <translation>进程 %1 / %2：已分配峰值</translation>
    </message>
    <message>
        <source>Rank %1 of %2: all-reduced a step</source>
        <translation>进程 %1 / %2：每步 all-reduce</translation>
    </message>
    <message>
        <source>All-reduce bus bandwidth (%1, %2)</source>
        <translation>All-reduce 总线带宽（%1，%2）</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>The gradients&apos; bytes, in %1 buckets</source>
        <translation>梯度的字节数，分 %1 个桶</translation>
    </message>
    <message>
        <source>Rank %1 of %2: all-reduce time</source>
        <translation>进程 %1 / %2：all-reduce 用时</translation>
    </message>
    <message>
        <source>%1 ms (%2 hidden)</source>
        <translation>%1 ms（其中 %2 被掩盖）</translation>
    </message>
    <message>
        <source>From the first bucket&apos;s all-reduce to the last one&apos;s end; in brackets, how much of it backward&apos;s compute ran beside</source>
        <translation>从第一个桶的 all-reduce 开始到最后一个桶结束；括号内是与反向传播计算同时进行（被掩盖）的部分</translation>
    </message>
    <message>
        <source>Allocated peak, steady step</source>
        <translation>已分配峰值（稳定步）</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Allocated peak, first step</source>
        <translation>已分配峰值（首步）</translation>
    </message>
    <message>
        <source>first step</source>
        <translation>首步</translation>
    </message>
    <message>
        <source>Reserved peak (caching allocator)</source>
        <translation>预留峰值（缓存分配器）</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Device memory used</source>
        <translation>设备显存占用</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Fresh pages faulted in per step</source>
        <translation>每步缺页调入的新页</translation>
    </message>
    <message>
        <source>page faults</source>
        <translation>缺页</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>The build&apos;s %1 runs PyTorch through %2, which torchrig-validate cannot use yet: a run here measures this machine&apos;s device, not it.</source>
        <translation>本配置的 %1 通过 %2 运行 PyTorch，torchrig-validate 目前还不能使用它：在这里运行测量的是本机的设备，而不是它。</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::ValidationHistoryDialog</name>
    <message>
        <source>Validation history</source>
        <translation>实测验证历史</translation>
    </message>
    <message>
        <source>Measured (UTC)</source>
        <translation>测量时间（UTC）</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>LibTorch</source>
        <translation>LibTorch</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Allocated error</source>
        <translation>已分配显存误差</translation>
    </message>
    <message>
        <source>Step time error</source>
        <translation>单步时间误差</translation>
    </message>
    <message>
        <source>Validation runs</source>
        <translation>实测记录</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Export the validation history</source>
        <translation>导出实测验证历史</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>%1 could not be written.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>No runs yet: Validate ▸ Run on this machine</source>
        <translation>暂无运行记录：实测验证 ▸ 在本机运行</translation>
    </message>
    <message>
        <source>Recorded by</source>
        <translation>记录人</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::ValidationRunner</name>
    <message>
        <source>No worker at %1: this TorchRig was built without LibTorch, or the worker was moved (set TORCHRIG_VALIDATE to its path)</source>
        <translation>在 %1 未找到工作进程：此 TorchRig 构建时未包含 LibTorch，或工作进程已被移走（请将 TORCHRIG_VALIDATE 设为其路径）</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The run took longer than its time limit and was stopped.</source>
        <translation>运行超出时间上限，已被停止。</translation>
    </message>
    <message>
        <source>The worker stopped without a result: it exited with status %1.%2</source>
        <translation>工作进程停止且未返回结果：退出状态为 %1。%2</translation>
    </message>
    <message>
        <source>The worker stopped without a result: it was killed or crashed (signal %1, %2).</source>
        <translation>工作进程停止且未返回结果：它被终止或已崩溃（信号 %1，%2）。</translation>
    </message>
    <message>
        <source> On Linux that is most often the kernel&apos;s out-of-memory killer: the run needs more RAM than is free.</source>
        <translation>在 Linux 上，这通常是内核的 OOM killer 所致：运行所需的内存超过了空闲内存。</translation>
    </message>
    <message>
        <source>The worker&apos;s probe listed no devices: %1</source>
        <translation>工作进程的探测未列出任何设备：%1</translation>
    </message>
    <message>
        <source>The worker&apos;s probe did not answer</source>
        <translation>工作进程的探测没有响应</translation>
    </message>
    <message>
        <source>The worker could not start: %1</source>
        <translation>工作进程无法启动：%1</translation>
    </message>
    <message>
        <source>The worker at %1 could not be started: %2</source>
        <translation>无法启动位于 %1 的工作进程：%2</translation>
    </message>
    <message>
        <source>The worker wrote nothing for %1 s and was stopped: it hangs (a device or driver that does not answer, or a program that is not torchrig-validate). Run it again; if it hangs again, check the device with &apos;torchrig-validate --probe&apos;, or set TORCHRIG_WORKER_SILENCE_SECONDS to wait longer.</source>
        <translation>工作进程已 %1 秒没有任何输出，已被停止：它卡住了（设备或驱动没有响应，或者这不是 torchrig-validate）。请再运行一次；如果再次卡住，请用 &apos;torchrig-validate --probe&apos; 检查设备，或设置 TORCHRIG_WORKER_SILENCE_SECONDS 以等待更久。</translation>
    </message>
    <message>
        <source>The worker was still running %1 s after it started, past the run&apos;s time limit and a margin, and was stopped; nothing was measured. Measure fewer steps or give the run a longer time limit.</source>
        <translation>工作进程启动 %1 秒后仍在运行，超过了本次运行的时间限制及余量，已被停止；没有测得任何结果。请减少测量步数，或为本次运行设置更长的时间限制。</translation>
    </message>
    <message>
        <source>The worker wrote a line longer than %1 MiB and was stopped; nothing it measured is trusted. Check that TORCHRIG_VALIDATE names torchrig-validate.</source>
        <translation>工作进程输出了一行超过 %1 MiB 的内容，已被停止；它测得的任何结果都不可信。请检查 TORCHRIG_VALIDATE 是否指向 torchrig-validate。</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::WorkloadEditor</name>
    <message>
        <source>Workload shown</source>
        <translation>当前显示的训练任务</translation>
    </message>
    <message>
        <source>The build&apos;s workloads: the analysis, Validate and this form show the one chosen; the Issues dock and the build sheet cover them all</source>
        <translation>此配置的训练任务：分析、实测验证和本表单显示所选的那一个；“问题”面板和配置单涵盖全部任务</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Plan another workload on the same build (a LoRA fine-tune and a ResNet, say)</source>
        <translation>在同一配置上规划另一个训练任务（例如一个 LoRA 微调和一个 ResNet）</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the workload shown (undoable)</source>
        <translation>移除当前显示的训练任务（可撤销）</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <source>model file</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <source>(no workload yet: choose a model below)</source>
        <translation>（暂无训练任务：请在下方选择模型）</translation>
    </message>
    <message>
        <source>Choose a model for the first workload below</source>
        <translation>在下方为第一个训练任务选择模型</translation>
    </message>
    <message>
        <source>Plan another workload on the same build</source>
        <translation>在同一配置上规划另一个训练任务</translation>
    </message>
    <message>
        <source>A build holds at most %1 workloads</source>
        <translation>一个配置最多包含 %1 个训练任务</translation>
    </message>
</context>
<context>
    <name>torchrig::ui::WorkloadForm</name>
    <message>
        <source>DDP</source>
        <translation>DDP</translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <source>ZeRO-3</source>
        <translation>ZeRO-3</translation>
    </message>
    <message>
        <source>FSDP</source>
        <translation>FSDP</translation>
    </message>
    <message>
        <source>LoRA rank %1 on %2</source>
        <translation>LoRA 秩 %1，作用于 %2</translation>
    </message>
    <message>
        <source> (the full fine-tune needs %1 GiB a GPU)</source>
        <translation>（全参数微调每卡需要 %1 GiB）</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <source>sequence %1</source>
        <translation>序列长度 %1</translation>
    </message>
    <message>
        <source>images of %1 × %1 pixels</source>
        <translation>%1 × %1 像素的图像</translation>
    </message>
    <message>
        <source>checkpointing each block</source>
        <translation>每个块做激活检查点</translation>
    </message>
    <message>
        <source>Defaults for fine-tuning %1</source>
        <translation>微调 %1 的默认设置</translation>
    </message>
    <message>
        <source>Defaults for training %1</source>
        <translation>训练 %1 的默认设置</translation>
    </message>
    <message>
        <source>Change them freely.</source>
        <translation>可随意修改。</translation>
    </message>
    <message>
        <source>Even these do not fit the build&apos;s GPUs: see the Issues dock.</source>
        <translation>即使这样也装不进此配置的 GPU：请查看“问题”面板。</translation>
    </message>
    <message>
        <source>(no workload)</source>
        <translation>（无训练任务）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>A model of the zoo, built at the sizes below</source>
        <translation>内置模型库中的模型，按下方的尺寸构建</translation>
    </message>
    <message>
        <source>&amp;Load file…</source>
        <translation>加载文件(&amp;L)…</translation>
    </message>
    <message>
        <source>Open a model file</source>
        <translation>打开模型文件</translation>
    </message>
    <message>
        <source>Use a model file (a graph exported as resources/models/README.md describes)</source>
        <translation>使用模型文件（按 resources/models/README.md 所述方式导出的计算图）</translation>
    </message>
    <message>
        <source>Batch per GPU</source>
        <translation>每卡批大小</translation>
    </message>
    <message>
        <source>Samples each GPU takes in one micro-batch</source>
        <translation>每个 GPU 在一个微批中处理的样本数</translation>
    </message>
    <message>
        <source>largest that fits</source>
        <translation>能放下的最大值</translation>
    </message>
    <message>
        <source>Plan each GPU at the largest batch per GPU it holds</source>
        <translation>每块 GPU 按其能容纳的最大每卡批大小规划</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Tokens per sample (language models)</source>
        <translation>每个样本的 token 数（语言模型）</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source>Pixels per side (vision models)</source>
        <translation>每边像素数（视觉模型）</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Accumulation steps</source>
        <translation>梯度累积步数</translation>
    </message>
    <message>
        <source>Micro-batches whose gradients add up before each optimizer step</source>
        <translation>每次优化器更新前累加梯度的微批数</translation>
    </message>
    <message>
        <source>&amp;Checkpoint each block</source>
        <translation>每个块做激活检查点(&amp;C)</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Train low-rank adapters of this rank with the base frozen; off trains the whole model</source>
        <translation>冻结基座模型，训练此秩的低秩适配器；设为“关闭”则训练整个模型</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation>LoRA 目标模块</translation>
    </message>
    <message>
        <source>every linear layer of a block</source>
        <translation>块内所有线性层</translation>
    </message>
    <message>
        <source>The modules that get adapters, as PEFT&apos;s target_modules: names separated by commas (q_proj, v_proj). Empty: every linear layer inside a block</source>
        <translation>加适配器的模块，同 PEFT 的 target_modules：用逗号分隔的名称（q_proj, v_proj）。留空：块内所有线性层</translation>
    </message>
    <message>
        <source>&amp;QLoRA (4-bit base)</source>
        <translation>QLoRA（4 位基座）(&amp;Q)</translation>
    </message>
    <message>
        <source>The blocks&apos; frozen linear weights held in 4 bits (NF4)</source>
        <translation>各块中冻结的线性层权重以 4 位（NF4）存储</translation>
    </message>
    <message>
        <source>Parallel strategy</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <source>How the build&apos;s GPUs share the workload (with one GPU it changes nothing).</source>
        <translation>配置中的各 GPU 如何分担训练任务（只有一个 GPU 时无影响）。</translation>
    </message>
    <message>
        <source>Dataset samples</source>
        <translation>数据集样本数</translation>
    </message>
    <message>
        <source>Samples in the training set, for the run&apos;s time, disk and RAM</source>
        <translation>训练集中的样本数，用于估算训练时长、磁盘和内存</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未填写</translation>
    </message>
    <message>
        <source>Bytes per sample</source>
        <translation>每样本字节数</translation>
    </message>
    <message>
        <source>One sample as stored (a 224² JPEG: about 150,000 bytes)</source>
        <translation>单个样本的存储大小（一张 224² 的 JPEG：约 150,000 字节）</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>训练轮数</translation>
    </message>
    <message>
        <source>Passes over the dataset: the run&apos;s time and energy</source>
        <translation>遍历数据集的次数：用于估算训练时长和能耗</translation>
    </message>
    <message>
        <source>Loader workers</source>
        <translation>数据加载进程数</translation>
    </message>
    <message>
        <source>DataLoader num_workers per GPU</source>
        <translation>每个 GPU 的 DataLoader num_workers</translation>
    </message>
    <message>
        <source>&amp;Keep the dataset in RAM</source>
        <translation>将数据集保留在内存中(&amp;K)</translation>
    </message>
    <message>
        <source>Keep the whole dataset in host memory</source>
        <translation>将整个数据集保留在主机内存中</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>B&amp;atch per GPU:</source>
        <translation>每卡批大小(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Sequence length:</source>
        <translation>序列长度(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Image size:</source>
        <translation>图像尺寸(&amp;I)：</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Optimizer:</source>
        <translation>优化器(&amp;O)：</translation>
    </message>
    <message>
        <source>Acc&amp;umulation steps:</source>
        <translation>梯度累积步数(&amp;U)：</translation>
    </message>
    <message>
        <source>Lo&amp;RA rank:</source>
        <translation>LoRA 秩(&amp;R)：</translation>
    </message>
    <message>
        <source>Across &amp;GPUs:</source>
        <translation>跨 GPU 并行(&amp;G)：</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>&amp;Dataset samples:</source>
        <translation>数据集样本数(&amp;D)：</translation>
    </message>
    <message>
        <source>B&amp;ytes per sample:</source>
        <translation>每样本字节数(&amp;Y)：</translation>
    </message>
    <message>
        <source>Epochs:</source>
        <translation>训练轮数：</translation>
    </message>
    <message>
        <source>Loader &amp;workers:</source>
        <translation>数据加载进程数(&amp;W)：</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Model file: %1</source>
        <translation>模型文件：%1</translation>
    </message>
    <message>
        <source>Hugging Face: %1</source>
        <translation>Hugging Face：%1</translation>
    </message>
    <message>
        <source>QLoRA needs LoRA: give a LoRA rank first</source>
        <translation>QLoRA 需要 LoRA：请先设置 LoRA 秩</translation>
    </message>
    <message>
        <source>%1 marks no blocks, so there is nothing to checkpoint</source>
        <translation>%1 未标记任何块，因此没有可做检查点的部分</translation>
    </message>
    <message>
        <source>%1 cannot be imported: %2</source>
        <translation>无法导入 %1：%2</translation>
    </message>
    <message>
        <source>TorchRig model files (*.json);;All files (*)</source>
        <translation>TorchRig 模型文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 cannot be used as a model: %2</source>
        <translation>%1 无法用作模型：%2</translation>
    </message>
    <message>
        <source>LoRA targets:</source>
        <translation>LoRA 目标模块：</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>%1: %2. %3</source>
        <translation>%1：%2。%3</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
</context>
</TS>
