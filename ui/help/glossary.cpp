#include "glossary.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace torchrig::ui {

namespace {
constexpr Term kAllTerms[] = {
    Term::Allocated, Term::Reserved,       Term::Device,     Term::Activations, Term::Temporaries,
    Term::Workspace, Term::AllocatorCache, Term::PageFaults, Term::Mfu,         Term::StepTimeRatio,
    Term::Ddp,       Term::Zero,           Term::Fsdp,       Term::Lora,        Term::Checkpointing};
} // namespace

QString glossaryTerm(Term term) {
    switch (term) {
    case Term::Allocated: return GlossaryDialog::tr("Allocated");
    case Term::Reserved: return GlossaryDialog::tr("Reserved");
    case Term::Device: return GlossaryDialog::tr("Device memory");
    case Term::Activations: return GlossaryDialog::tr("Activations");
    case Term::Temporaries: return GlossaryDialog::tr("Temporaries");
    case Term::Workspace: return GlossaryDialog::tr("Workspace");
    case Term::AllocatorCache: return GlossaryDialog::tr("Allocator cache");
    case Term::PageFaults: return GlossaryDialog::tr("Fresh pages (page faults)");
    case Term::Mfu: return GlossaryDialog::tr("MFU");
    case Term::StepTimeRatio: return GlossaryDialog::tr("Step-time ratio");
    case Term::Ddp: return GlossaryDialog::tr("DDP");
    case Term::Zero: return GlossaryDialog::tr("ZeRO-1, -2, -3");
    case Term::Fsdp: return GlossaryDialog::tr("FSDP");
    case Term::Lora: return GlossaryDialog::tr("LoRA and QLoRA");
    case Term::Checkpointing: return GlossaryDialog::tr("Activation checkpointing");
    }
    return {};
}

QString glossaryExplanation(Term term) {
    switch (term) {
    case Term::Allocated:
        return GlossaryDialog::tr("The bytes PyTorch's tensors hold at the step's peak: what "
                                  "torch.cuda.max_memory_allocated() reports.");
    case Term::Reserved:
        return GlossaryDialog::tr(
            "Allocated plus the blocks PyTorch's caching allocator keeps for reuse: what "
            "torch.cuda.max_memory_reserved() reports. An out-of-memory happens when this "
            "cannot grow.");
    case Term::Device:
        return GlossaryDialog::tr(
            "Reserved plus the CUDA context and the libraries' handles (cuBLAS, cuDNN): "
            "about what nvidia-smi shows for the process. It must stay under the GPU's "
            "usable memory.");
    case Term::Activations:
        return GlossaryDialog::tr(
            "What the forward pass saves for the backward pass (layer inputs, masks, "
            "norms' statistics); it grows with the batch and the sequence or image size.");
    case Term::Temporaries:
        return GlossaryDialog::tr("Tensors that live inside one op or between two (a matmul's output before "
                                  "the add, a softmax's copy): freed soon, but they raise the peak.");
    case Term::Workspace:
        return GlossaryDialog::tr("Scratch memory cuBLAS and cuDNN ask for to run a kernel fast.");
    case Term::AllocatorCache:
        return GlossaryDialog::tr("Reserved minus allocated: memory PyTorch holds from the GPU but no tensor "
                                  "uses at that moment (free blocks kept for reuse, and rounding).");
    case Term::PageFaults:
        return GlossaryDialog::tr(
            "On a CPU run: memory the kernel hands the process for the first time in a "
            "step. Each fresh page costs time; the estimator counts it for the CPU's step "
            "time.");
    case Term::Mfu:
        return GlossaryDialog::tr(
            "Model FLOPs utilisation: the model's arithmetic per second divided by the "
            "GPU's datasheet peak (PaLM's training reported 46 %); small models and small "
            "batches run far lower.");
    case Term::StepTimeRatio:
        return GlossaryDialog::tr("A measured step's time divided by the estimate's, from a Validate run. "
                                  "Used as a calibration, it scales later estimates on that device.");
    case Term::Ddp:
        return GlossaryDialog::tr(
            "Distributed data parallel: every GPU holds the whole model and optimizer, "
            "takes its own part of the batch, and the gradients are averaged each step.");
    case Term::Zero:
        return GlossaryDialog::tr("DeepSpeed's sharding: ZeRO-1 splits the optimizer state over the GPUs, "
                                  "ZeRO-2 also the gradients, ZeRO-3 also the weights (gathered layer by "
                                  "layer when used). Less memory a GPU, more traffic between them.");
    case Term::Fsdp:
        return GlossaryDialog::tr("PyTorch's fully sharded data parallel: weights, gradients and optimizer "
                                  "state split over the GPUs, as ZeRO-3.");
    case Term::Lora:
        return GlossaryDialog::tr("Low-rank adapters: the model's weights stay frozen and small trained "
                                  "matrices of the given rank sit beside chosen layers (q_proj, v_proj…). "
                                  "QLoRA also stores the frozen weights in 4 bits.");
    case Term::Checkpointing:
        return GlossaryDialog::tr("Keeping only each block's input in the forward pass and recomputing the "
                                  "rest in the backward pass: much less activation memory for about a third "
                                  "more compute.");
    }
    return {};
}

QString glossaryTip(Term term) {
    return QStringLiteral("%1: %2").arg(glossaryTerm(term), glossaryExplanation(term));
}

QString glossaryTips(std::initializer_list<Term> terms) {
    QStringList tips;
    for (auto term : terms)
        tips << glossaryTip(term);
    return tips.join(QStringLiteral("\n\n"));
}

GlossaryDialog::GlossaryDialog(QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Glossary"));
    auto* text = new QTextBrowser(this);
    text->setAccessibleName(tr("Glossary"));
    QString html;
    for (auto term : kAllTerms)
        html += QStringLiteral("<p><b>%1</b><br>%2</p>")
                    .arg(glossaryTerm(term).toHtmlEscaped(), glossaryExplanation(term).toHtmlEscaped());
    text->setHtml(html);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(buttons);
    resize(560, 520);
}

} // namespace torchrig::ui
