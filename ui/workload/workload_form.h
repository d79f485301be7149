#pragma once
// One workload's fields over a value, not a document: a zoo model or a model file with its batch,
// sequence length or image size; how it trains (precision, optimizer, accumulation, checkpointing,
// LoRA with its targets, QLoRA); how it spreads over GPUs; and its data (dataset size, epochs, loader
// workers, caching). The workload editor binds it to the build (each edit an undoable one), the plan
// dialog to the workload it is about to add: one form, so both ask the same and default alike.

#include "plan/build.h"

#include <QWidget>

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace torchrig::ui {

class WorkloadForm : public QWidget {
    Q_OBJECT
public:
    // What an edit changed: the document joins a run of edits of one field into one undo step.
    enum Field {
        ModelField,
        BatchField,
        SeqLenField,
        ImageSizeField,
        PrecisionField,
        OptimizerField,
        CheckpointingField,
        AccumulationField,
        LoraRankField,
        QloraField,
        StrategyField,
        DatasetSamplesField,
        SampleBytesField,
        EpochsField,
        LoaderWorkersField,
        CacheDatasetField,
        LoraTargetsField
    };

    // Vertical: the model, training and data groups one above the other (a dock); horizontal: side
    // by side (a dialog).
    explicit WorkloadForm(Qt::Orientation orientation, QWidget* parent = nullptr);

    // The workload the fields show (none: "(no workload)"), without a signal.
    void setWorkload(const std::optional<plan::BuildWorkload>& workload);
    const std::optional<plan::BuildWorkload>& workload() const { return m_value; }
    // The build a newly chosen zoo model's defaults are chosen for (plan/workload_defaults.h); none
    // set: a build without parts.
    void setDefaultsBuild(std::function<plan::Build()> build) { m_defaultsBuild = std::move(build); }
    // Beside the batch: "largest that fits" (the planner's), hidden unless offered.
    void offerLargestBatch();
    bool largestBatch() const;

    // Reads a model file (resources/models/README.md) into the workload; a file that is not one
    // gets a message and changes nothing. Returns whether the workload now uses it.
    bool loadModelFile(const QString& path);
    // A Hugging Face model's folder or config.json becomes the workload's model, built at the form's
    // batch and sequence; a refusal is said by modelFileRejected.
    bool importHfModel(const QString& path);

    QComboBox* modelBox() const { return m_model; }
    QLabel* defaultsNote() const { return m_defaultsNote; }
    QSpinBox* batchBox() const { return m_batch; }
    QCheckBox* largestBatchBox() const { return m_largestBatch; }
    QSpinBox* seqLenBox() const { return m_seqLen; }
    QSpinBox* imageSizeBox() const { return m_imageSize; }
    QComboBox* precisionBox() const { return m_precision; }
    QComboBox* strategyBox() const { return m_strategy; }
    QSpinBox* accumulationBox() const { return m_accumulation; }
    QSpinBox* loraRankBox() const { return m_loraRank; }
    QLineEdit* loraTargetsEdit() const { return m_loraTargets; }
    QCheckBox* qloraBox() const { return m_qlora; }
    QCheckBox* checkpointingBox() const { return m_checkpointing; }
    QSpinBox* datasetSamplesBox() const { return m_datasetSamples; }
    QDoubleSpinBox* epochsBox() const { return m_epochs; }

Q_SIGNALS:
    // The user changed `field` (a Field; -1: the whole workload); workload() holds the result.
    void edited(int field);
    // A message for the user about a model file that could not be used.
    void modelFileRejected(const QString& message);

private:
    void createModelFields();
    void createTrainingFields();
    void createDataFields();
    void layOut(Qt::Orientation orientation);
    void connectFields();
    void dropMnemonics(std::initializer_list<const QWidget*> keep);
    void loadFields(const plan::BuildWorkload& planned);
    void enableFields(const plan::BuildWorkload& planned);
    void store(Field field); // the widgets into the value, said by edited()
    void storeFields(plan::BuildWorkload& planned) const;
    // A model file or an imported model replaces the workload: an edit joined to no other.
    static constexpr int kNewModel = -1;
    void useEdited(std::optional<plan::BuildWorkload> value, int field);
    // The current workload (or a new one) with its model, and what only that model had (LoRA), gone.
    plan::BuildWorkload workloadWithNewModel() const;
    void chooseModelFile();

    std::optional<plan::BuildWorkload> m_value;
    std::function<plan::Build()> m_defaultsBuild;
    bool m_loading = false;
    std::string m_blocksModel;        // the model (zoo id or file text) the next line is about
    std::string m_modelWithoutBlocks; // its name when it marks no blocks to checkpoint, else ""

    QLabel* m_defaultsNote = nullptr;
    QComboBox* m_model = nullptr;
    QPushButton* m_modelFile = nullptr;
    QSpinBox* m_batch = nullptr;
    QCheckBox* m_largestBatch = nullptr;
    QSpinBox* m_seqLen = nullptr;
    QSpinBox* m_imageSize = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_optimizer = nullptr;
    QCheckBox* m_checkpointing = nullptr;
    QSpinBox* m_accumulation = nullptr;
    QSpinBox* m_loraRank = nullptr;
    QLineEdit* m_loraTargets = nullptr;
    QCheckBox* m_qlora = nullptr;
    QComboBox* m_strategy = nullptr;
    QSpinBox* m_datasetSamples = nullptr;
    QSpinBox* m_sampleBytes = nullptr;
    QDoubleSpinBox* m_epochs = nullptr;
    QSpinBox* m_loaderWorkers = nullptr;
    QCheckBox* m_cacheDataset = nullptr;
};

} // namespace torchrig::ui
