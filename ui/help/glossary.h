#pragma once
// The words TorchRig uses that a newcomer to PyTorch's memory and speed may not know, each said
// once: Help ▸ Glossary lists them all, and the places they appear show the same words as a
// tooltip.

#include <QDialog>
#include <QString>

namespace torchrig::ui {

enum class Term {
    Allocated,
    Reserved,
    Device,
    Activations,
    Temporaries,
    Workspace,
    AllocatorCache,
    PageFaults,
    Mfu,
    StepTimeRatio,
    Ddp,
    Zero,
    Fsdp,
    Lora,
    Checkpointing,
};

QString glossaryTerm(Term term);                         // "MFU"
QString glossaryExplanation(Term term);                  // one or two sentences
QString glossaryTip(Term term);                          // "MFU: …", for a tooltip
QString glossaryTips(std::initializer_list<Term> terms); // several, one a paragraph

class GlossaryDialog : public QDialog {
    Q_OBJECT
public:
    explicit GlossaryDialog(QWidget* parent = nullptr);
};

} // namespace torchrig::ui
