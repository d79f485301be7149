#include "plan/plan_scenarios.h"

#include "workload/workload_graph.h"

#include <algorithm>

namespace torchrig::plan {

namespace {

// A China mainland wall socket: 10 A at 220 V (GB 2099.1's common socket).
constexpr WallCircuit kChinaSocket{220, 10};

PlanWorkload workload(const std::string& model, std::int64_t batch, Precision precision) {
    PlanWorkload planned;
    auto& r = planned.workload;
    r.model = model;
    r.inputs.batch = batch;
    r.precision = precision;
    return planned;
}

// Every scenario here is a Chinese lab's: it pays in yuan and plugs into Chinese mains.
PlanRequest chineseRequest(const PlanWorkload& w, PlanChassis chassis, int maxGpusPerNode,
                           WallCircuit circuit = kChinaSocket) {
    PlanRequest r;
    r.workloads = {w};
    r.cost.currency = "CNY";
    r.circuit = circuit;
    r.chassis = chassis;
    r.maxGpusPerNode = maxGpusPerNode;
    return r;
}

// seeds/001 and 002, 2.1: a first machine for small image models.
PlanScenario entryScenario() {
    PlanScenario s;
    s.id = "entry";
    s.title = TORCHRIG_MESSAGE("plan", "Entry: a first machine for small image models, under ¥8,000");
    s.sources = {"seeds/001_dc640eff46d1bd71.txt, 2.1 入门级开发环境",
                 "seeds/002_d86d7892b6808b1a.txt, 2.1 入门级开发配置"};
    auto w = workload("resnet18", 128, Precision::AmpFp16);
    w.workload.inputs.imageSize = 32;
    w.dataset.samples = 50'000;    // CIFAR-10's training set
    w.dataset.sampleBytes = 3'073; // a 32×32×3 image and its label, as the binary set stores it
    w.dataset.epochs = 30;
    s.request = chineseRequest(w, PlanChassis::Tower, 1);
    s.request.budget = 8'000;
    s.notes = {TORCHRIG_MESSAGE("plan",
                                "budget: the whole machine at about ¥5,000-8,000 for MNIST or CIFAR-10 sized "
                                "work (seeds/001 2.1); seeds/002 2.1 puts the card under ¥5,000"),
               TORCHRIG_MESSAGE("plan",
                                "workload: ResNet-18 on CIFAR-10 (50,000 images of 32×32), 30 epochs, "
                                "batch 128, mixed FP16: the scenario's choice for the article's small "
                                "datasets"),
               TORCHRIG_MESSAGE("plan", "circuit: a 10 A × 220 V socket (the scenario's assumption)")};
    return s;
}

// seeds/000 二.2 and 002 2.2: a lab workstation for a 7B LoRA.
PlanScenario researchScenario() {
    PlanScenario s;
    s.id = "research";
    s.title = TORCHRIG_MESSAGE("plan", "Research lab: a 7B LoRA workstation, ¥50,000-100,000");
    s.sources = {"seeds/000_bc17f2316f896fdf.txt, 二.2 科研团队：高性能工作站",
                 "seeds/002_d86d7892b6808b1a.txt, 2.2 专业级研究配置"};
    auto w = workload("llama-2-7b", 1, Precision::Bf16);
    auto& r = w.workload;
    r.inputs.seqLen = 1024;
    r.checkpointing = Checkpointing::Blocks;
    r.lora.rank = 16;
    fillDefaultLoraTargets(r);
    w.largestBatch = true;
    w.dataset.samples = 52'002; // the Stanford Alpaca instruction set's size
    w.dataset.sampleBytes = 4'096;
    w.dataset.epochs = 3;
    s.request = chineseRequest(w, PlanChassis::Tower, 4);
    s.request.budget = 100'000;
    s.notes = {
        TORCHRIG_MESSAGE("plan", "budget: ¥100,000, the top of the ¥50,000-100,000 a lab workstation is "
                                 "planned at here (TorchRig's figure, not an article's: seeds/002 2.2 gives "
                                 "¥10,000-20,000 for the card's class)"),
        TORCHRIG_MESSAGE("plan", "GPUs: up to four per node, as seeds/002 2.2 launches training "
                                 "(--nproc_per_node=4); seeds/000 二.2 builds two"),
        TORCHRIG_MESSAGE("plan", "workload: Llama 2 7B with LoRA (rank 16 on q_proj and v_proj), sequence "
                                 "1024, bf16, checkpointed blocks, the largest batch each GPU holds; 52,002 "
                                 "samples (the Stanford Alpaca set's size) for 3 epochs: the scenario's "
                                 "assumption"),
        TORCHRIG_MESSAGE("plan", "circuit: a 10 A × 220 V socket (the scenario's assumption)")};
    return s;
}

// seeds/000 二.3 and 002 2.3: a cluster of four nodes.
PlanScenario enterpriseScenario() {
    PlanScenario s;
    s.id = "enterprise";
    s.title = TORCHRIG_MESSAGE("plan", "Enterprise: four nodes for billion-parameter training");
    s.sources = {"seeds/000_bc17f2316f896fdf.txt, 二.3 企业级部署：集群化方案",
                 "seeds/002_d86d7892b6808b1a.txt, 2.3 企业级生产配置"};
    auto w = workload("llama-2-7b", 1, Precision::Bf16);
    auto& r = w.workload;
    r.inputs.seqLen = 2048;
    r.checkpointing = Checkpointing::Blocks;
    w.strategy = estimate::ParallelStrategy::Fsdp;
    w.largestBatch = true;
    w.dataset.tokens = 1e9;
    w.dataset.samples = 488'282; // 10^9 tokens in sequences of 2048
    w.dataset.sampleBytes = 4 * 2'048;
    s.request = chineseRequest(w, PlanChassis::Rack, 2, {220, 16});
    s.request.nodes = 4;
    s.request.ranking = PlanRanking::ValuePerCost;
    s.notes = {
        TORCHRIG_MESSAGE("plan", "nodes: four with two GPUs each, as seeds/000 二.3 lays out its cluster "
                                 "(8×A100 80GB, 4 nodes × 2 cards, InfiniBand HDR 200 Gb/s)"),
        TORCHRIG_MESSAGE("plan", "workload: a full fine-tune of Llama 2 7B with FSDP over the 8 GPUs, "
                                 "sequence 2048, bf16, checkpointed blocks, on 10^9 tokens: \"billion-"
                                 "parameter training\" as seeds/002 2.3 puts it. seeds/000 二.3 aims at "
                                 "hundred-billion-parameter models, which 8 GPUs of 80 GB cannot train with "
                                 "FSDP alone (about 16 bytes a parameter with Adam: 1.6 TB)"),
        TORCHRIG_MESSAGE("plan", "budget: none (the articles give ¥30,000 and up for a card, not a "
                                 "cluster), so the proposals are ranked by samples a second per yuan"),
        TORCHRIG_MESSAGE("plan", "circuit: 16 A × 220 V for each node's rack feed (the scenario's "
                                 "assumption)")};
    return s;
}

std::vector<PlanScenario> makeScenarios() {
    return {entryScenario(), researchScenario(), enterpriseScenario()};
}

} // namespace

const std::vector<PlanScenario>& planScenarios() {
    static const std::vector<PlanScenario> scenarios = makeScenarios();
    return scenarios;
}

const PlanScenario* findPlanScenario(const std::string& id) {
    const auto& all = planScenarios();
    auto found = std::find_if(all.begin(), all.end(), [&](const PlanScenario& s) { return s.id == id; });
    return found == all.end() ? nullptr : &*found;
}

} // namespace torchrig::plan
