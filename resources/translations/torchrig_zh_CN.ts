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
</context>
<context>
    <name>ValidatePanel</name>
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
        <source>PCIe slots (gen x lanes @ position)</source>
        <translation>PCIe 插槽（代数 x 通道 @ 位置）</translation>
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
</context>
<context>
    <name>compatibility</name>
    <message>
        <source>power connectors of GPUs whose catalog entry does not list them (most: partner cards differ), and the supply&apos;s spare CPU (EPS) cables</source>
        <translation>目录未列出供电接口的 GPU 的供电接口（大多数非公版卡各不相同），以及电源富余的 CPU（EPS）线缆</translation>
    </message>
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
        <source>host RAM and storage against a workload&apos;s needs, unless one is given (build check --model …)</source>
        <translation>主机内存与存储是否满足训练任务的需求（除非指定了任务：build check --model …）</translation>
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
        <source>the GPUs talk at about %1 GB/s (both ways, x%2 each on the CPU&apos;s lanes); seed article 000 asks &gt;= 100 GB/s between GPUs for data parallel (it also names PCIe 4.0 x16, which gives about 63)</source>
        <translation>GPU 之间通信约 %1 GB/s（双向，每卡在 CPU 通道上为 x%2）；参考文章 000 要求数据并行时 GPU 间 &gt;= 100 GB/s（文中也提到 PCIe 4.0 x16，约为 63）</translation>
    </message>
    <message>
        <source>the GPUs talk at about %1 GB/s (both ways); seed article 000 asks &gt;= 100 GB/s between GPUs for data parallel (it also names PCIe 4.0 x16, which gives about 63)</source>
        <translation>GPU 之间通信约 %1 GB/s（双向）；参考文章 000 要求数据并行时 GPU 间 &gt;= 100 GB/s（文中也提到 PCIe 4.0 x16，约为 63）</translation>
    </message>
    <message>
        <source>expect the all-reduce to show in the step time (torchrig-cli estimate --gpus N shows how much), or choose cards with NVLink</source>
        <translation>all-reduce 会体现在单步时间中（torchrig-cli estimate --gpus N 可显示影响大小），或选择带 NVLink 的显卡</translation>
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
        <source>the cards take %1 8-pin CPU (EPS) cable(s), not PCIe ones; the catalog does not list the supply&apos;s spare EPS cables</source>
        <translation>显卡需要 %1 根 8-pin CPU（EPS）线缆，而不是 PCIe 线缆；目录未列出电源富余的 EPS 线缆</translation>
    </message>
    <message>
        <source>check the supply has EPS cables to spare beside the CPU&apos;s, or use the card&apos;s adapter</source>
        <translation>请确认电源除 CPU 所用外还有富余的 EPS 线缆，或使用显卡的转接头</translation>
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
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
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
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 %2 an hour</source>
        <translation>每小时 %1 %2</translation>
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
        <source>%1 %2%3%4</source>
        <translation>%1 %2%3%4</translation>
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
        <source>%1 %2%3</source>
        <translation>%1 %2%3</translation>
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
        <source>&lt;b&gt;%1&lt;/b&gt; &lt;small&gt;(%2)&lt;/small&gt;&lt;br&gt;%3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &lt;small&gt;（%2）&lt;/small&gt;&lt;br&gt;%3</translation>
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
        <source>%1, step %2 — %3 s</source>
        <translation>%1，第 %2 步 — %3 s</translation>
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
</context>
<context>
    <name>torchrig::ui::WorkloadEditor</name>
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
</context>
</TS>
