#include "plan/build_presets.h"

#include <algorithm>

namespace torchrig::plan {

namespace {

Message added() {
    return TORCHRIG_MESSAGE("presets", "not in the article: added so the build can be checked");
}

// The seed articles' personal machines: seeds/000 二.1, 001 2.1, 002 2.1.
void addEntryPresets(std::vector<BuildPreset>& presets) {
    presets.push_back(
        {"entry-rtx-3060",
         TORCHRIG_MESSAGE("presets", "Entry: RTX 3060 12GB, Ryzen 5 5600X, 16 GB DDR4"),
         "seeds/000_bc17f2316f896fdf.txt, 二.1 个人开发者：入门级配置",
         TORCHRIG_MESSAGE("presets",
                          "about ¥5,000-8,000 (seeds/001 2.1); under ¥5,000 for the card (seeds/002 2.1)"),
         1,
         {{"gpu/rtx-3060-12gb", 1, {}},
          {"cpu/ryzen-5-5600x", 1, {}},
          {"memory/corsair-vengeance-lpx-16gb-ddr4-3200", 1,
           TORCHRIG_MESSAGE("presets", "16 GB DDR4 as one kit")},
          {"storage/samsung-980-pro-500gb", 1, {}},
          {"motherboard/asus-tuf-gaming-b550-plus", 1, added()},
          {"psu/corsair-rm650x", 1, added()},
          {"chassis/fractal-design-meshify-2", 1, added()}},
         {TORCHRIG_MESSAGE("presets", "the article's rule of thumb: batch 32 under 12e9 bytes of GPU memory, "
                                      "else 64 (CNN/RNN models)")},
         {}});
    presets.back().workloads = {
        {"resnet50", 64, 0,
         TORCHRIG_MESSAGE("presets", "the article's goal (二.1), CNN models at a batch of at most 64: "
                                     "ResNet-50 at the batch its rule gives a 12 GB card, 64")}};
    presets.push_back(
        {"entry-gtx-1660-super",
         TORCHRIG_MESSAGE("presets", "Entry: GTX 1660 Super, Core i5-12400F, 16 GB DDR4"),
         "seeds/001_dc640eff46d1bd71.txt, 2.1 入门级开发环境",
         TORCHRIG_MESSAGE("presets", "about ¥5,000-8,000 (seeds/001 2.1)"),
         1,
         {{"gpu/gtx-1660-super", 1, {}},
          {"cpu/core-i5-12400f", 1, {}},
          {"memory/corsair-vengeance-lpx-16gb-ddr4-3200", 1,
           TORCHRIG_MESSAGE("presets", "16 GB DDR4 as one kit")},
          {"storage/samsung-980-pro-500gb", 1,
           TORCHRIG_MESSAGE("presets", "the article says 512 GB; the catalog's nearest is 500 GB")},
          {"motherboard/msi-pro-b660m-a-ddr4", 1, added()},
          {"psu/corsair-rm650x", 1, added()},
          {"chassis/fractal-design-meshify-2", 1, added()}},
         {TORCHRIG_MESSAGE(
             "presets",
             "the GTX 1660 Super (Turing) has no bfloat16 and 6 GB: amp-fp16 is its mixed precision")},
         {}});
    presets.back().workloads = {
        {"resnet18", 128, 32,
         TORCHRIG_MESSAGE("presets", "the article's goal (2.1), small data sets such as MNIST and CIFAR-10: "
                                     "ResNet-18 on CIFAR-10's 32×32 images, batch 128")}};
}

// The lab workstations: seeds/000 二.2, 001 2.2, 002 2.2.
void addResearchPresets(std::vector<BuildPreset>& presets) {
    presets.push_back(
        {"research-2x-rtx-4090",
         TORCHRIG_MESSAGE("presets",
                          "Research workstation: 2x RTX 4090, Core i9-13900K, 64 GB DDR5, 2 TB NVMe RAID 0"),
         "seeds/000_bc17f2316f896fdf.txt, 二.2 科研团队：高性能工作站",
         TORCHRIG_MESSAGE("presets", "¥10,000-20,000 for the cards' class (seeds/002 2.2)"),
         1,
         {{"gpu/rtx-4090", 2, {}},
          {"cpu/core-i9-13900k", 1, {}},
          {"memory/kingston-fury-beast-64gb-ddr5-5600", 1, {}},
          {"storage/samsung-980-pro-1tb", 2,
           TORCHRIG_MESSAGE("presets", "two 1 TB drives striped as the article's 2 TB RAID 0")},
          {"motherboard/asus-proart-z790-creator-wifi", 1, added()},
          {"psu/seasonic-prime-tx-1600", 1, added()},
          {"chassis/fractal-design-define-7-xl", 1, added()}},
         {TORCHRIG_MESSAGE(
             "presets",
             "the article connects the two RTX 4090s with NVLink; the RTX 4090 has no NVLink connector, so "
             "they talk over PCIe (an error in the article; the last GeForce with NVLink is the RTX 3090)")},
         {}});
    presets.back().workloads = {
        {"bert-base-uncased", 0, 0,
         TORCHRIG_MESSAGE("presets", "the article's goal (二.2), training Transformer models on several GPUs "
                                     "with DistributedDataParallel: BERT-base over both cards")}};
    presets.push_back(
        {"research-rtx-4090-7950x",
         TORCHRIG_MESSAGE("presets",
                          "Research workstation: RTX 4090, Ryzen 9 7950X, 64 GB DDR5, 1 TB NVMe + 4 TB HDD"),
         "seeds/001_dc640eff46d1bd71.txt, 2.2 专业级研究环境",
         TORCHRIG_MESSAGE("presets", "¥10,000-20,000 for the card's class (seeds/002 2.2)"),
         1,
         {{"gpu/rtx-4090", 1, TORCHRIG_MESSAGE("presets", "the article also offers the RTX A6000 48GB")},
          {"cpu/ryzen-9-7950x", 1, {}},
          {"memory/kingston-fury-beast-64gb-ddr5-5600", 1, {}},
          {"storage/samsung-980-pro-1tb", 1, {}},
          {"storage/wd-red-plus-4tb", 1, TORCHRIG_MESSAGE("presets", "the article's backup drive")},
          {"motherboard/asus-proart-x670e-creator-wifi", 1, added()},
          {"psu/corsair-hx1200i", 1, added()},
          {"chassis/fractal-design-define-7-xl", 1, added()}},
         {},
         {}});
    presets.back().workloads = {
        {"bert-base-uncased", 0, 0,
         TORCHRIG_MESSAGE("presets", "the article's goal (2.2), BERT, ResNet-152 and other large models: "
                                     "BERT-base")},
        {"resnet152", 0, 0,
         TORCHRIG_MESSAGE("presets", "the article's goal (2.2), BERT, ResNet-152 and other large models: "
                                     "ResNet-152")}};
    // The same article offers the RTX A6000 48GB in the 4090's place.
    auto a6000 = presets.back();
    a6000.id = "research-rtx-a6000-7950x";
    a6000.title = TORCHRIG_MESSAGE(
        "presets", "Research workstation: RTX A6000 48GB, Ryzen 9 7950X, 64 GB DDR5, 1 TB NVMe + 4 TB HDD");
    a6000.parts.front() = {"gpu/rtx-a6000", 1, {}};
    presets.push_back(std::move(a6000));
}

// The cluster: seeds/000 二.3.
void addEnterprisePresets(std::vector<BuildPreset>& presets) {
    presets.push_back(
        {"enterprise-4x2-a100",
         TORCHRIG_MESSAGE("presets", "Enterprise cluster: 4 nodes x 2 A100 80GB, InfiniBand HDR 200 Gb/s, 32 "
                                     "TB HDD + 1 TB SSD cache"),
         "seeds/000_bc17f2316f896fdf.txt, 二.3 企业级部署：集群化方案",
         TORCHRIG_MESSAGE("presets", "over ¥30,000 for the cards' class (seeds/002 2.3)"),
         4,
         {{"gpu/a100-80gb-pcie", 2,
           TORCHRIG_MESSAGE(
               "presets",
               "the article names A100 80GB cards without a form; PCIe cards are what a board of this "
               "kind takes (SXM modules need an HGX server)")},
          {"cpu/epyc-9354", 1, added()},
          {"memory/samsung-128gb-ddr5-4800-rdimm", 1, TORCHRIG_MESSAGE("presets", "at least 128 GB a node")},
          {"storage/samsung-980-pro-1tb", 1,
           TORCHRIG_MESSAGE("presets", "a node's share of the article's storage: its SSD cache")},
          {"storage/seagate-ironwolf-8tb", 1,
           TORCHRIG_MESSAGE("presets", "a node's quarter of the article's 32 TB HDD array")},
          {"interconnect/nvidia-connectx-6-hdr-200g", 1, {}},
          {"motherboard/supermicro-h13ssl-n", 1, added()},
          {"psu/super-flower-leadex-platinum-2000w", 1, added()},
          {"chassis/generic-4u-gpu-server-chassis", 1, added()}},
         {TORCHRIG_MESSAGE(
              "presets",
              "the article's storage node (32 TB HDD array, 1 TB SSD cache) is spread over the four compute "
              "nodes: 8 TB of disk and a 1 TB SSD on each"),
          TORCHRIG_MESSAGE(
              "presets",
              "an InfiniBand HDR switch (interconnect/nvidia-quantum-hdr-switch-qm8700) joins the nodes")},
         {}});
    presets.back().workloads = {
        {"llama-2-70b", 0, 0,
         TORCHRIG_MESSAGE("presets", "the article's goal (二.3), models of a hundred billion parameters: "
                                     "the zoo's largest, Llama-2-70B, as the defaults run it on these "
                                     "cards")}};
}

std::vector<BuildPreset> makePresets() {
    std::vector<BuildPreset> presets;
    addEntryPresets(presets);
    addResearchPresets(presets);
    addEnterprisePresets(presets);
    return presets;
}

} // namespace

const std::vector<BuildPreset>& buildPresets() {
    static const std::vector<BuildPreset> presets = makePresets();
    return presets;
}

std::string presetText(const std::string& presetId, const std::string& text,
                       const Message::Translate& translate) {
    const auto* preset = findBuildPreset(presetId);
    if (!preset || !translate)
        return text;
    std::vector<const Message*> said = {&preset->title, &preset->budgetBand};
    for (const auto& note : preset->notes)
        said.push_back(&note);
    for (const auto& part : preset->parts)
        said.push_back(&part.note);
    for (const auto* message : said)
        if (!message->empty() && message->text() == text)
            return message->text(translate);
    // The notes as presetBuild joins them, one a line.
    if ((!preset->notes.empty() || !preset->workloads.empty()) && text == joinedNotes(*preset, {}))
        return joinedNotes(*preset, translate);
    return text;
}

std::string joinedNotes(const BuildPreset& preset, const Message::Translate& translate) {
    std::string joined;
    for (const auto& note : preset.notes)
        joined += (joined.empty() ? "" : "\n") + note.text(translate);
    for (const auto& workload : preset.workloads)
        joined += (joined.empty() ? "" : "\n") + workload.origin.text(translate);
    return joined;
}

const BuildPreset* findBuildPreset(const std::string& id) {
    const auto& all = buildPresets();
    auto found = std::find_if(all.begin(), all.end(), [&](const BuildPreset& p) { return p.id == id; });
    return found == all.end() ? nullptr : &*found;
}

} // namespace torchrig::plan
