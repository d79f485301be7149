#include "workload_editor.h"

#include "document/build_document.h"
#include "workload/model_zoo.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>

namespace torchrig::ui {

namespace {
constexpr Precision kPrecisions[] = {Precision::Fp32, Precision::Tf32, Precision::AmpFp16, Precision::AmpBf16,
                                     Precision::Bf16};
constexpr OptimizerKind kOptimizers[] = {
    OptimizerKind::Sgd,       OptimizerKind::SgdMomentum, OptimizerKind::Adam, OptimizerKind::AdamW,
    OptimizerKind::Adafactor, OptimizerKind::Adam8bit,    OptimizerKind::Lion};
} // namespace

WorkloadEditor::WorkloadEditor(BuildDocument& document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_model(new QComboBox(this))
    , m_batch(new QSpinBox(this))
    , m_seqLen(new QSpinBox(this))
    , m_imageSize(new QSpinBox(this))
    , m_precision(new QComboBox(this))
    , m_optimizer(new QComboBox(this))
    , m_checkpointing(new QCheckBox(tr("&Checkpoint each block"), this))
    , m_accumulation(new QSpinBox(this)) {
    m_model->addItem(tr("(no workload)"));
    for (const auto& model : modelZoo())
        m_model->addItem(QString::fromStdString(model.id), QString::fromStdString(model.id));
    m_batch->setRange(1, 1 << 16);
    m_seqLen->setRange(2, 1 << 20);
    m_imageSize->setRange(8, 8192);
    m_accumulation->setRange(1, 1 << 12);
    for (auto p : kPrecisions)
        m_precision->addItem(QString::fromUtf8(precisionId(p).data()), static_cast<int>(p));
    for (auto o : kOptimizers)
        m_optimizer->addItem(QString::fromUtf8(optimizerId(o).data()), static_cast<int>(o));
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("&Batch per GPU:"), m_batch);
    form->addRow(tr("&Sequence length:"), m_seqLen);
    form->addRow(tr("&Image size:"), m_imageSize);
    form->addRow(tr("&Precision:"), m_precision);
    form->addRow(tr("&Optimizer:"), m_optimizer);
    form->addRow(tr("&Accumulation steps:"), m_accumulation);
    form->addRow(QString(), m_checkpointing);
    m_model->setAccessibleName(tr("Model"));
    m_batch->setAccessibleName(tr("Batch per GPU"));
    m_precision->setAccessibleName(tr("Precision"));

    connect(m_model, &QComboBox::currentIndexChanged, this, [this] { store(ModelField); });
    connect(m_batch, &QSpinBox::valueChanged, this, [this] { store(BatchField); });
    connect(m_seqLen, &QSpinBox::valueChanged, this, [this] { store(SeqLenField); });
    connect(m_imageSize, &QSpinBox::valueChanged, this, [this] { store(ImageSizeField); });
    connect(m_precision, &QComboBox::currentIndexChanged, this, [this] { store(PrecisionField); });
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, [this] { store(OptimizerField); });
    connect(m_checkpointing, &QCheckBox::toggled, this, [this] { store(CheckpointingField); });
    connect(m_accumulation, &QSpinBox::valueChanged, this, [this] { store(AccumulationField); });
    connect(&m_document, &BuildDocument::buildChanged, this, &WorkloadEditor::load);
    load();
}

void WorkloadEditor::load() {
    m_loading = true;
    const auto& workloads = m_document.build().workloads;
    const bool has = !workloads.empty() && !workloads.front().model.empty();
    for (auto* w : std::initializer_list<QWidget*>{m_batch, m_seqLen, m_imageSize, m_precision, m_optimizer,
                                                   m_checkpointing, m_accumulation})
        w->setEnabled(has);
    if (has) {
        const auto& w = workloads.front();
        m_model->setCurrentIndex(std::max(0, m_model->findData(QString::fromStdString(w.model))));
        m_batch->setValue(static_cast<int>(w.inputs.batch));
        m_seqLen->setValue(static_cast<int>(w.inputs.seqLen));
        m_imageSize->setValue(static_cast<int>(w.inputs.imageSize));
        m_precision->setCurrentIndex(m_precision->findData(static_cast<int>(w.precision)));
        m_optimizer->setCurrentIndex(m_optimizer->findData(static_cast<int>(w.optimizer)));
        m_checkpointing->setChecked(w.checkpointing == Checkpointing::Blocks);
        m_accumulation->setValue(w.gradientAccumulation);
        const auto* zoo = findZooModel(w.model);
        const bool image = zoo && zoo->inputKind == ModelInputKind::Image;
        m_seqLen->setEnabled(zoo && zoo->inputKind == ModelInputKind::Tokens);
        m_imageSize->setEnabled(image);
    } else {
        m_model->setCurrentIndex(0);
    }
    m_loading = false;
}

void WorkloadEditor::store(Field field) {
    if (m_loading)
        return;
    const auto modelId = m_model->currentData().toString().toStdString();
    if (modelId.empty()) {
        m_document.setWorkload(std::nullopt);
        return;
    }
    const auto& workloads = m_document.build().workloads;
    ValidationRequest w;
    const bool sameModel = !workloads.empty() && workloads.front().model == modelId;
    if (sameModel) {
        w = workloads.front();
    } else { // a new model starts from its own default sizes and the form's training settings
        w.model = modelId;
        if (const auto* zoo = findZooModel(modelId))
            w.inputs = zoo->defaults;
        w.inputs.batch = m_batch->isEnabled() ? m_batch->value() : 32;
    }
    if (sameModel) {
        w.inputs.batch = m_batch->value();
        w.inputs.seqLen = m_seqLen->value();
        w.inputs.imageSize = m_imageSize->value();
        w.gradientAccumulation = m_accumulation->value();
    }
    w.precision = static_cast<Precision>(m_precision->currentData().toInt());
    w.optimizer = static_cast<OptimizerKind>(m_optimizer->currentData().toInt());
    w.checkpointing = m_checkpointing->isChecked() ? Checkpointing::Blocks : Checkpointing::None;
    w.device = "cuda:0";
    m_document.setWorkload(w, field);
}

} // namespace torchrig::ui
