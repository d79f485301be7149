#include "workload_form.h"

#include "document/message_translation.h"
#include "help/glossary.h"
#include "io/hf_import.h"
#include "plan/workload_defaults.h"
#include "util/text_file.h"
#include "workload/model_graph_json.h"
#include "workload/model_zoo.h"
#include "workload/workload_graph.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace torchrig::ui {

namespace {
constexpr Precision kPrecisions[] = {Precision::Fp32,    Precision::Tf32, Precision::AmpFp16,
                                     Precision::AmpBf16, Precision::Bf16, Precision::Fp8};
constexpr OptimizerKind kOptimizers[] = {
    OptimizerKind::Sgd,       OptimizerKind::SgdMomentum, OptimizerKind::Adam, OptimizerKind::AdamW,
    OptimizerKind::Adafactor, OptimizerKind::Adam8bit,    OptimizerKind::Lion};
// The strategies a build's GPUs can share one workload by (pipeline and tensor parallelism need a
// split of the model the planner does not ask for).
constexpr estimate::ParallelStrategy kStrategies[] = {
    estimate::ParallelStrategy::Ddp, estimate::ParallelStrategy::Zero1, estimate::ParallelStrategy::Zero2,
    estimate::ParallelStrategy::Zero3, estimate::ParallelStrategy::Fsdp};
const QString kModelFileData = QStringLiteral("model-file:");

QString strategyLabel(estimate::ParallelStrategy s) {
    switch (s) {
    case estimate::ParallelStrategy::Ddp: return WorkloadForm::tr("DDP");
    case estimate::ParallelStrategy::Zero1: return WorkloadForm::tr("ZeRO-1");
    case estimate::ParallelStrategy::Zero2: return WorkloadForm::tr("ZeRO-2");
    case estimate::ParallelStrategy::Zero3: return WorkloadForm::tr("ZeRO-3");
    case estimate::ParallelStrategy::Fsdp: return WorkloadForm::tr("FSDP");
    default: return QString::fromUtf8(estimate::parallelStrategyId(s).data());
    }
}

QSpinBox* spinBox(QWidget* parent, int low, int high, const QString& accessibleName, const QString& tip) {
    auto* box = new QSpinBox(parent);
    box->setRange(low, high);
    box->setAccessibleName(accessibleName);
    box->setToolTip(tip);
    return box;
}

// PEFT's target_modules as typed: names split at commas or spaces.
std::vector<std::string> parseTargets(const QString& text) {
    std::vector<std::string> targets;
    for (const auto& name : text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
        targets.push_back(name.toStdString());
    return targets;
}

QString targetsText(const std::vector<std::string>& targets) {
    QStringList names;
    for (const auto& t : targets)
        names << QString::fromStdString(t);
    return names.join(QStringLiteral(", "));
}

// "Defaults for fine-tuning llama-2-7b: bf16, LoRA rank 16 on q_proj, v_proj (the full fine-tune
// needs 112.3 GiB a GPU), batch 4, sequence 4096. Change them freely."
QString defaultsText(const ZooModel& zoo, const plan::WorkloadDefaults& defaults, bool forBuild) {
    const auto& r = defaults.planned.workload;
    QStringList what{QString::fromUtf8(precisionId(r.precision).data())};
    if (r.lora.rank > 0) {
        what << WorkloadForm::tr("LoRA rank %1 on %2").arg(r.lora.rank).arg(targetsText(r.lora.targets));
        if (defaults.fullFineTuneBytes)
            what.back() += WorkloadForm::tr(" (the full fine-tune needs %1 GiB a GPU)")
                               .arg(double(*defaults.fullFineTuneBytes) / double(1LL << 30), 0, 'f', 1);
    }
    what << WorkloadForm::tr("batch %1").arg(r.inputs.batch);
    what << (zoo.inputKind == ModelInputKind::Tokens
                 ? WorkloadForm::tr("sequence %1").arg(r.inputs.seqLen)
                 : WorkloadForm::tr("images of %1 × %1 pixels").arg(r.inputs.imageSize));
    if (r.checkpointing == Checkpointing::Blocks)
        what << WorkloadForm::tr("checkpointing each block");
    const auto lead = r.lora.rank > 0 || zoo.inputKind == ModelInputKind::Tokens
                          ? WorkloadForm::tr("Defaults for fine-tuning %1")
                          : WorkloadForm::tr("Defaults for training %1");
    // Without a build's GPUs to ask, the defaults are only what people run the model with.
    const auto close = !forBuild       ? WorkloadForm::tr("Change them freely.")
                       : defaults.fits ? WorkloadForm::tr("Change them freely.")
                                       : WorkloadForm::tr("Even these do not fit the build's GPUs: see the "
                                                          "Issues dock.");
    // The sentence's punctuation is the language's ("：", "，" and "。" in Chinese).
    return WorkloadForm::tr("%1: %2. %3")
        .arg(lead.arg(QString::fromStdString(zoo.id)), what.join(WorkloadForm::tr(", ")), close);
}
} // namespace

WorkloadForm::WorkloadForm(Qt::Orientation orientation, QWidget* parent)
    : QWidget(parent) {
    m_defaultsNote = new QLabel(this);
    m_defaultsNote->setWordWrap(true);
    m_defaultsNote->setVisible(false);
    createModelFields();
    createTrainingFields();
    createDataFields();
    layOut(orientation);
    connectFields();
    setWorkload(std::nullopt);
}

void WorkloadForm::createModelFields() {
    m_model = new QComboBox(this);
    m_model->addItem(tr("(no workload)"));
    for (const auto& model : modelZoo())
        m_model->addItem(QString::fromStdString(model.id), QString::fromStdString(model.id));
    m_model->setAccessibleName(tr("Model"));
    m_model->setToolTip(tr("A model of the zoo, built at the sizes below"));
    m_modelFile = new QPushButton(tr("&Load file…"), this);
    m_modelFile->setAccessibleName(tr("Open a model file"));
    m_modelFile->setToolTip(
        tr("Use a model file (a graph exported as resources/models/README.md describes)"));
    m_batch = spinBox(this, 1, 1 << 16, tr("Batch per GPU"), tr("Samples each GPU takes in one micro-batch"));
    m_largestBatch = new QCheckBox(tr("largest that fits"), this);
    m_largestBatch->setToolTip(tr("Plan each GPU at the largest batch per GPU it holds"));
    m_largestBatch->setVisible(false);
    m_seqLen = spinBox(this, 2, 1 << 20, tr("Sequence length"), tr("Tokens per sample (language models)"));
    m_imageSize = spinBox(this, 8, 8192, tr("Image size"), tr("Pixels per side (vision models)"));
}

void WorkloadForm::createTrainingFields() {
    m_precision = new QComboBox(this);
    for (auto p : kPrecisions)
        m_precision->addItem(QString::fromUtf8(precisionId(p).data()), static_cast<int>(p));
    m_precision->setAccessibleName(tr("Precision"));
    m_optimizer = new QComboBox(this);
    for (auto o : kOptimizers)
        m_optimizer->addItem(QString::fromUtf8(optimizerId(o).data()), static_cast<int>(o));
    m_optimizer->setAccessibleName(tr("Optimizer"));
    m_accumulation = spinBox(this, 1, 1 << 12, tr("Accumulation steps"),
                             tr("Micro-batches whose gradients add up before each optimizer step"));
    m_checkpointing = new QCheckBox(tr("&Checkpoint each block"), this);
    m_checkpointing->setToolTip(glossaryTip(Term::Checkpointing));
    m_loraRank = spinBox(this, 0, 4096, tr("LoRA rank"),
                         tr("Train low-rank adapters of this rank with the base frozen; off trains the "
                            "whole model"));
    m_loraRank->setSpecialValueText(tr("off"));
    m_loraRank->setToolTip(m_loraRank->toolTip() + QStringLiteral("\n\n") + glossaryTip(Term::Lora));
    m_loraTargets = new QLineEdit(this);
    m_loraTargets->setAccessibleName(tr("LoRA targets"));
    m_loraTargets->setPlaceholderText(tr("every linear layer of a block"));
    m_loraTargets->setToolTip(tr("The modules that get adapters, as PEFT's target_modules: names separated "
                                 "by commas (q_proj, v_proj). Empty: every linear layer inside a block"));
    m_qlora = new QCheckBox(tr("&QLoRA (4-bit base)"), this);
    m_qlora->setToolTip(tr("The blocks' frozen linear weights held in 4 bits (NF4)"));
    m_strategy = new QComboBox(this);
    for (auto s : kStrategies)
        m_strategy->addItem(strategyLabel(s), static_cast<int>(s));
    m_strategy->setAccessibleName(tr("Parallel strategy"));
    m_strategy->setToolTip(tr("How the build's GPUs share the workload (with one GPU it changes nothing).") +
                           QStringLiteral("\n\n") + glossaryTips({Term::Ddp, Term::Zero, Term::Fsdp}));
}

void WorkloadForm::createDataFields() {
    const int intMax = std::numeric_limits<int>::max();
    m_datasetSamples = spinBox(this, 0, intMax, tr("Dataset samples"),
                               tr("Samples in the training set, for the run's time, disk and RAM"));
    m_datasetSamples->setSpecialValueText(tr("not given"));
    m_datasetSamples->setGroupSeparatorShown(true);
    m_sampleBytes = spinBox(this, 0, intMax, tr("Bytes per sample"),
                            tr("One sample as stored (a 224² JPEG: about 150,000 bytes)"));
    m_sampleBytes->setSpecialValueText(tr("not given"));
    m_sampleBytes->setGroupSeparatorShown(true);
    m_epochs = new QDoubleSpinBox(this);
    m_epochs->setRange(0, 1e6);
    m_epochs->setDecimals(1);
    m_epochs->setSpecialValueText(tr("not given"));
    m_epochs->setAccessibleName(tr("Epochs"));
    m_epochs->setToolTip(tr("Passes over the dataset: the run's time and energy"));
    m_loaderWorkers = spinBox(this, 0, 1024, tr("Loader workers"), tr("DataLoader num_workers per GPU"));
    m_cacheDataset = new QCheckBox(tr("&Keep the dataset in RAM"), this);
    m_cacheDataset->setToolTip(tr("Keep the whole dataset in host memory"));
}

// Four groups: the model and its sizes, the training, LoRA, the data.
void WorkloadForm::layOut(Qt::Orientation orientation) {
    const bool narrow = orientation == Qt::Vertical;
    for (auto* box : {m_model, m_precision, m_optimizer, m_strategy}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    auto* batchRow = new QHBoxLayout;
    batchRow->setContentsMargins(0, 0, 0, 0);
    batchRow->addWidget(m_batch, 1);
    batchRow->addWidget(m_largestBatch);
    auto* modelGroup = new QGroupBox(tr("Model"), this);
    auto* modelForm = new QFormLayout(modelGroup);
    // A row of several fields has a label of its own, whose letter goes to the first field.
    const auto labelFor = [this](const QString& text, QWidget* buddy) {
        auto* label = new QLabel(text, this);
        label->setBuddy(buddy);
        return label;
    };
    if (narrow) {
        modelForm->addRow(tr("&Model:"), m_model);
        modelForm->addRow(QString(), m_modelFile);
    } else { // a row less: the form is one of a dialog's several parts
        auto* modelRow = new QHBoxLayout;
        modelRow->setContentsMargins(0, 0, 0, 0);
        modelRow->addWidget(m_model, 1);
        modelRow->addWidget(m_modelFile);
        modelForm->addRow(labelFor(tr("&Model:"), m_model), modelRow);
    }
    modelForm->addRow(labelFor(tr("B&atch per GPU:"), m_batch), batchRow);
    modelForm->addRow(tr("&Sequence length:"), m_seqLen);
    modelForm->addRow(tr("&Image size:"), m_imageSize);
    auto* trainingGroup = new QGroupBox(tr("Training"), this);
    auto* trainingForm = new QFormLayout(trainingGroup);
    trainingForm->addRow(tr("&Precision:"), m_precision);
    trainingForm->addRow(tr("&Optimizer:"), m_optimizer);
    trainingForm->addRow(tr("Acc&umulation steps:"), m_accumulation);
    trainingForm->addRow(QString(), m_checkpointing);
    trainingForm->addRow(tr("Across &GPUs:"), m_strategy);
    auto* loraGroup = new QGroupBox(tr("LoRA"), this);
    auto* loraForm = new QFormLayout(loraGroup);
    loraForm->addRow(tr("Lo&RA rank:"), m_loraRank);
    loraForm->addRow(tr("LoRA targets:"), m_loraTargets);
    loraForm->addRow(QString(), m_qlora);
    auto* dataGroup = new QGroupBox(tr("Data"), this);
    auto* dataForm = new QFormLayout(dataGroup);
    dataForm->addRow(tr("&Dataset samples:"), m_datasetSamples);
    dataForm->addRow(tr("B&ytes per sample:"), m_sampleBytes);
    dataForm->addRow(tr("Epochs:"), m_epochs);
    dataForm->addRow(tr("Loader &workers:"), m_loaderWorkers);
    dataForm->addRow(QString(), m_cacheDataset);
    auto* groups =
        narrow ? static_cast<QBoxLayout*>(new QVBoxLayout) : static_cast<QBoxLayout*>(new QHBoxLayout);
    groups->setContentsMargins(0, 0, 0, 0);
    for (auto* group : {modelGroup, trainingGroup, loraGroup, dataGroup})
        groups->addWidget(group, 0, narrow ? Qt::Alignment() : Qt::AlignTop);
    // A narrow dock puts a label above its field rather than cutting the field off.
    if (narrow)
        for (auto* form : {modelForm, trainingForm, loraForm, dataForm})
            form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    // In a dialog most of the form's letters would take its host's (Plan, Case, Circuit…): the model
    // and its sizes keep theirs, the other fields are reached by Tab.
    if (orientation == Qt::Horizontal)
        dropMnemonics({m_model, m_seqLen, m_imageSize, m_qlora});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_defaultsNote);
    layout->addLayout(groups);
    if (narrow)
        layout->addStretch(1);
}

void WorkloadForm::dropMnemonics(std::initializer_list<const QWidget*> keep) {
    const auto kept = [&](const QWidget* w) {
        return std::find(keep.begin(), keep.end(), w) != keep.end();
    };
    // "&Model:" and its translation "模型(&M)：" alike.
    static const QRegularExpression mnemonic(QStringLiteral("\\(&[^)]\\)|&(?=[^&])"));
    for (auto* label : findChildren<QLabel*>())
        if (!kept(label->buddy()))
            label->setText(label->text().remove(mnemonic));
    for (auto* button : findChildren<QAbstractButton*>())
        if (!kept(button))
            button->setText(button->text().remove(mnemonic));
}

void WorkloadForm::connectFields() {
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] { store(ModelField); });
    connect(m_modelFile, &QPushButton::clicked, this, &WorkloadForm::chooseModelFile);
    connect(m_batch, &QSpinBox::valueChanged, this, [this] { store(BatchField); });
    connect(m_largestBatch, &QCheckBox::toggled, this,
            [this](bool largest) { m_batch->setDisabled(largest); });
    connect(m_seqLen, &QSpinBox::valueChanged, this, [this] { store(SeqLenField); });
    connect(m_imageSize, &QSpinBox::valueChanged, this, [this] { store(ImageSizeField); });
    connect(m_precision, &QComboBox::currentIndexChanged, this, [this] { store(PrecisionField); });
    connect(m_optimizer, &QComboBox::currentIndexChanged, this, [this] { store(OptimizerField); });
    connect(m_checkpointing, &QCheckBox::toggled, this, [this] { store(CheckpointingField); });
    connect(m_accumulation, &QSpinBox::valueChanged, this, [this] { store(AccumulationField); });
    connect(m_loraRank, &QSpinBox::valueChanged, this, [this] { store(LoraRankField); });
    connect(m_loraTargets, &QLineEdit::editingFinished, this, [this] { store(LoraTargetsField); });
    connect(m_qlora, &QCheckBox::toggled, this, [this] { store(QloraField); });
    connect(m_strategy, &QComboBox::currentIndexChanged, this, [this] { store(StrategyField); });
    connect(m_datasetSamples, &QSpinBox::valueChanged, this, [this] { store(DatasetSamplesField); });
    connect(m_sampleBytes, &QSpinBox::valueChanged, this, [this] { store(SampleBytesField); });
    connect(m_epochs, &QDoubleSpinBox::valueChanged, this, [this] { store(EpochsField); });
    connect(m_loaderWorkers, &QSpinBox::valueChanged, this, [this] { store(LoaderWorkersField); });
    connect(m_cacheDataset, &QCheckBox::toggled, this, [this] { store(CacheDatasetField); });
}

void WorkloadForm::offerLargestBatch() {
    m_largestBatch->setVisible(true);
}

bool WorkloadForm::largestBatch() const {
    return !m_largestBatch->isHidden() && m_largestBatch->isChecked();
}

void WorkloadForm::setWorkload(const std::optional<plan::BuildWorkload>& workload) {
    m_loading = true;
    m_value = workload;
    // The defaults' line speaks of the workload they were chosen for, and of no other.
    if (!workload || m_defaultsNote->property("model").toString().toStdString() != workload->workload.model)
        m_defaultsNote->setVisible(false);
    const bool has =
        workload && (!workload->workload.model.empty() || !workload->workload.modelGraphJson.empty() ||
                     !workload->workload.hfConfigJson.empty());
    for (auto* w : std::initializer_list<QWidget*>{
             m_batch, m_largestBatch, m_seqLen, m_imageSize, m_precision, m_optimizer, m_checkpointing,
             m_accumulation, m_loraRank, m_loraTargets, m_qlora, m_strategy, m_datasetSamples, m_sampleBytes,
             m_epochs, m_loaderWorkers, m_cacheDataset})
        w->setEnabled(has);
    // The model file's entry exists while the workload uses one.
    if (const int fileItem = m_model->findData(kModelFileData); fileItem >= 0)
        m_model->removeItem(fileItem);
    if (has) {
        loadFields(*workload);
        enableFields(*workload);
    } else { // a new workload starts from the request's defaults (AdamW, fp32, no accumulation)
        const Workload defaults;
        m_model->setCurrentIndex(0);
        m_precision->setCurrentIndex(m_precision->findData(static_cast<int>(defaults.precision)));
        m_optimizer->setCurrentIndex(m_optimizer->findData(static_cast<int>(defaults.optimizer)));
        m_checkpointing->setChecked(false);
        m_accumulation->setValue(defaults.gradientAccumulation);
        m_loraTargets->clear();
    }
    m_loading = false;
}

void WorkloadForm::loadFields(const plan::BuildWorkload& planned) {
    const auto& w = planned.workload;
    if (w.model.empty()) {
        auto graph = buildWorkloadGraph(w);
        const auto name = graph ? QString::fromStdString(graph->name()) : tr("unreadable");
        m_model->addItem(w.hfConfigJson.empty() ? tr("Model file: %1").arg(name)
                                                : tr("Hugging Face: %1").arg(name),
                         kModelFileData);
    }
    m_model->setCurrentIndex(
        std::max(0, m_model->findData(w.model.empty() ? kModelFileData : QString::fromStdString(w.model))));
    // A narrow dock cuts an imported model's long name: it is read whole here.
    m_model->setToolTip(m_model->currentText());
    m_batch->setValue(static_cast<int>(w.inputs.batch));
    m_seqLen->setValue(static_cast<int>(w.inputs.seqLen));
    m_imageSize->setValue(static_cast<int>(w.inputs.imageSize));
    m_precision->setCurrentIndex(m_precision->findData(static_cast<int>(w.precision)));
    m_optimizer->setCurrentIndex(m_optimizer->findData(static_cast<int>(w.optimizer)));
    m_checkpointing->setChecked(w.checkpointing == Checkpointing::Blocks);
    m_accumulation->setValue(w.gradientAccumulation);
    m_loraRank->setValue(w.lora.rank);
    m_loraTargets->setText(targetsText(w.lora.targets));
    m_qlora->setChecked(w.lora.quantizeBase4bit);
    m_strategy->setCurrentIndex(std::max(0, m_strategy->findData(static_cast<int>(planned.strategy))));
    const auto& d = planned.dataset;
    m_datasetSamples->setValue(
        static_cast<int>(std::min<std::int64_t>(d.samples, m_datasetSamples->maximum())));
    m_sampleBytes->setValue(
        static_cast<int>(std::min<std::int64_t>(d.sampleBytes, m_sampleBytes->maximum())));
    m_epochs->setValue(d.epochs);
    m_loaderWorkers->setValue(d.loaderWorkers);
    m_cacheDataset->setChecked(d.cacheInRam);
}

void WorkloadForm::enableFields(const plan::BuildWorkload& planned) {
    const auto& w = planned.workload;
    m_qlora->setEnabled(w.lora.rank > 0);
    m_loraTargets->setEnabled(w.lora.rank > 0);
    m_qlora->setToolTip(w.lora.rank > 0 ? tr("The blocks' frozen linear weights held in 4 bits (NF4)")
                                        : tr("QLoRA needs LoRA: give a LoRA rank first"));
    // A model that marks no blocks has nothing to checkpoint: the box says why it is off. The answer
    // depends on the model alone, so its graph is built when the model changes, not on every edit of
    // its sizes.
    const auto modelKey = !w.model.empty()         ? w.model
                          : w.hfConfigJson.empty() ? w.modelGraphJson
                                                   : w.hfConfigJson;
    if (modelKey != m_blocksModel) {
        const auto graph = buildWorkloadGraph(w);
        m_blocksModel = modelKey;
        m_modelWithoutBlocks = graph && graph->blocks().empty() ? graph->name() : std::string();
    }
    const bool blocks = m_modelWithoutBlocks.empty();
    m_checkpointing->setEnabled(blocks || w.checkpointing == Checkpointing::Blocks);
    m_checkpointing->setToolTip(blocks ? glossaryTip(Term::Checkpointing)
                                       : tr("%1 marks no blocks, so there is nothing to checkpoint")
                                             .arg(QString::fromStdString(m_modelWithoutBlocks)));
    const auto* zoo = findZooModel(w.model);
    // A model file is written at its own sizes, batch included (resources/models/README.md). An
    // imported Hugging Face model is built at the form's sizes, as a zoo model is.
    const bool imported = !w.hfConfigJson.empty();
    m_batch->setEnabled((zoo != nullptr || imported) && !m_largestBatch->isChecked());
    m_largestBatch->setEnabled(zoo != nullptr || imported);
    m_seqLen->setEnabled((zoo && zoo->inputKind == ModelInputKind::Tokens) || imported);
    m_imageSize->setEnabled(zoo && zoo->inputKind == ModelInputKind::Image);
}

// The edited value shown and said.
void WorkloadForm::useEdited(std::optional<plan::BuildWorkload> value, int field) {
    setWorkload(value);
    Q_EMIT edited(field);
}

void WorkloadForm::storeFields(plan::BuildWorkload& planned) const {
    auto& w = planned.workload;
    w.inputs.batch = m_batch->value();
    w.inputs.seqLen = m_seqLen->value();
    w.inputs.imageSize = m_imageSize->value();
    w.gradientAccumulation = m_accumulation->value();
    const bool loraTurnedOn = w.lora.rank == 0 && m_loraRank->value() > 0;
    w.lora.rank = m_loraRank->value();
    if (loraTurnedOn)
        fillDefaultLoraTargets(w);
    else if (w.lora.rank > 0)
        w.lora.targets = parseTargets(m_loraTargets->text());
    w.lora.quantizeBase4bit = w.lora.rank > 0 && m_qlora->isChecked();
    planned.strategy = static_cast<estimate::ParallelStrategy>(m_strategy->currentData().toInt());
    auto& d = planned.dataset;
    d.samples = m_datasetSamples->value();
    d.sampleBytes = m_sampleBytes->value();
    d.epochs = m_epochs->value();
    d.loaderWorkers = m_loaderWorkers->value();
    d.cacheInRam = m_cacheDataset->isChecked();
}

void WorkloadForm::store(Field field) {
    if (m_loading)
        return;
    const auto choice = m_model->currentData().toString();
    if (choice.isEmpty()) {
        useEdited(std::nullopt, field);
        return;
    }
    const auto* current = m_value ? &*m_value : nullptr;
    plan::BuildWorkload planned;
    const bool modelFile = choice == kModelFileData;
    const auto modelId = modelFile ? std::string() : choice.toStdString();
    const bool sameModel = current && current->workload.model == modelId && (modelFile || !modelId.empty());
    if (sameModel) {
        planned = *current;
        storeFields(planned);
    } else if (const auto* zoo = findZooModel(modelId)) {
        // A new model starts from what a user would run on this build (plan/workload_defaults.h),
        // said in one line; the strategy and the data stay the form's.
        const bool forBuild = static_cast<bool>(m_defaultsBuild);
        const auto defaults = plan::defaultWorkloadFor(*zoo, forBuild ? m_defaultsBuild() : plan::Build{});
        planned.workload = defaults.planned.workload;
        if (current) {
            planned.strategy = current->strategy;
            planned.dataset = current->dataset;
        }
        m_defaultsNote->setText(defaultsText(*zoo, defaults, forBuild));
        m_defaultsNote->setProperty("model", QString::fromStdString(zoo->id));
        m_defaultsNote->setVisible(true);
        useEdited(planned, field);
        return;
    } else {
        planned.workload.model = modelId;
    }
    auto& w = planned.workload;
    w.precision = static_cast<Precision>(m_precision->currentData().toInt());
    w.optimizer = static_cast<OptimizerKind>(m_optimizer->currentData().toInt());
    w.checkpointing = m_checkpointing->isChecked() ? Checkpointing::Blocks : Checkpointing::None;
    useEdited(planned, field);
}

plan::BuildWorkload WorkloadForm::workloadWithNewModel() const {
    plan::BuildWorkload planned = m_value.value_or(plan::BuildWorkload{});
    auto& w = planned.workload;
    w.model.clear();
    w.modelGraphJson.clear();
    w.hfConfigJson.clear();
    w.hfModelName.clear();
    w.lora = {};
    return planned;
}

bool WorkloadForm::importHfModel(const QString& path) {
    auto imported = torchrig::importHfModel(path.toStdString());
    if (!imported) {
        Q_EMIT modelFileRejected(tr("%1 cannot be imported: %2")
                                     .arg(QFileInfo(path).fileName(), appText(imported.error().message)));
        return false;
    }
    auto planned = workloadWithNewModel();
    auto& w = planned.workload;
    w.hfConfigJson = imported->configText;
    w.hfModelName = imported->name;
    w.inputs.seqLen = std::min<std::int64_t>(4096, imported->config.maxPositions);
    w.inputs.imageSize = 0;
    if (w.inputs.batch < 1)
        w.inputs.batch = 1;
    if (auto graph = buildWorkloadGraph(w); !graph) {
        Q_EMIT modelFileRejected(
            tr("%1 cannot be imported: %2").arg(QFileInfo(path).fileName(), appText(graph.error().message)));
        return false;
    }
    useEdited(planned, kNewModel);
    return true;
}

void WorkloadForm::chooseModelFile() {
    const auto path = QFileDialog::getOpenFileName(this, tr("Open a model file"), QString(),
                                                   tr("TorchRig model files (*.json);;All files (*)"));
    if (!path.isEmpty())
        loadModelFile(path);
}

bool WorkloadForm::loadModelFile(const QString& path) {
    auto text = readTextFile(path.toStdString());
    if (!text) {
        Q_EMIT modelFileRejected(appText(text.error().message));
        return false;
    }
    auto planned = workloadWithNewModel();
    auto& w = planned.workload;
    w.modelGraphJson = *text;
    const auto reject = [&](const Message& why) {
        Q_EMIT modelFileRejected(
            tr("%1 cannot be used as a model: %2").arg(QFileInfo(path).fileName(), appText(why)));
        return false;
    };
    // A model file is written for one batch: the workload takes it.
    auto file = readModelGraphJson(*text, QFileInfo(path).fileName().toStdString());
    if (!file)
        return reject(file.error().message);
    for (const auto& t : file->tensors())
        if (t.role == TensorRole::Input && !t.shape.empty())
            w.inputs.batch = t.shape[0];
    if (auto graph = buildWorkloadGraph(w); !graph)
        return reject(graph.error().message);
    useEdited(planned, kNewModel);
    return true;
}

} // namespace torchrig::ui
