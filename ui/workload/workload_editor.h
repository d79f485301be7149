#pragma once
// The build's workload: a zoo model or a model file, with its batch, sequence length or image size;
// how it trains (precision, optimizer, accumulation, checkpointing, LoRA); how it spreads over the
// build's GPUs; and its data (dataset size, epochs, loader workers, caching). Each change is an
// undoable edit of the document; a run of steps in one spin box is one undo step.

#include "plan/build.h"

#include <QWidget>

#include <string>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QDoubleSpinBox;
class QPushButton;
class QSpinBox;

namespace torchrig::ui {

class BuildDocument;

class WorkloadEditor : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadEditor(BuildDocument& document, QWidget* parent = nullptr);

    QComboBox* modelBox() const { return m_model; }
    QComboBox* workloadChoice() const { return m_workloads; }
    QPushButton* addWorkloadButton() const { return m_addWorkload; }
    QPushButton* removeWorkloadButton() const { return m_removeWorkload; }
    QLabel* defaultsNote() const { return m_defaultsNote; }
    QSpinBox* batchBox() const { return m_batch; }
    QSpinBox* seqLenBox() const { return m_seqLen; }
    QComboBox* precisionBox() const { return m_precision; }
    QComboBox* strategyBox() const { return m_strategy; }
    QSpinBox* loraRankBox() const { return m_loraRank; }
    QCheckBox* checkpointingBox() const { return m_checkpointing; }
    QSpinBox* datasetSamplesBox() const { return m_datasetSamples; }
    QDoubleSpinBox* epochsBox() const { return m_epochs; }

    // Reads a model file (resources/models/README.md) into the workload; a file that is not one
    // gets a message and changes nothing. Returns whether the workload now uses it.
    bool loadModelFile(const QString& path);
    // A Hugging Face model's folder or config.json becomes the workload's model (File ▸ Import
    // model…), built at the form's batch and sequence; a refusal is said by modelFileRejected.
    bool importHfModel(const QString& path);

Q_SIGNALS:
    // A message for the user about a model file that could not be used.
    void modelFileRejected(const QString& message);

private:
    // The current workload (or a new one) with its model, and what only that model had (LoRA), gone.
    plan::BuildWorkload workloadWithNewModel() const;
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
        CacheDatasetField
    };
    void load(); // the document's workload into the widgets
    void layOut();
    void loadWorkloadChoice();
    void createWorkloadChoice(); // the build's workloads to choose from, Add and Remove
    void store(Field field);     // the widgets into the document
    void chooseModelFile();

    BuildDocument& m_document;
    bool m_loading = false;
    std::string m_blocksModel;        // the model (zoo id or file text) the next line is about
    std::string m_modelWithoutBlocks; // its name when it marks no blocks to checkpoint, else ""

    QComboBox* m_workloads = nullptr;
    QPushButton* m_addWorkload = nullptr;
    QPushButton* m_removeWorkload = nullptr;
    QLabel* m_defaultsNote = nullptr;
    QComboBox* m_model = nullptr;
    QPushButton* m_modelFile = nullptr;
    QSpinBox* m_batch = nullptr;
    QSpinBox* m_seqLen = nullptr;
    QSpinBox* m_imageSize = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_optimizer = nullptr;
    QCheckBox* m_checkpointing = nullptr;
    QSpinBox* m_accumulation = nullptr;
    QSpinBox* m_loraRank = nullptr;
    QCheckBox* m_qlora = nullptr;
    QComboBox* m_strategy = nullptr;
    QSpinBox* m_datasetSamples = nullptr;
    QSpinBox* m_sampleBytes = nullptr;
    QDoubleSpinBox* m_epochs = nullptr;
    QSpinBox* m_loaderWorkers = nullptr;
    QCheckBox* m_cacheDataset = nullptr;
};

} // namespace torchrig::ui
