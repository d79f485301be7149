#pragma once
// The build's workload: a zoo model with its batch, sequence length or image size, precision,
// optimizer, checkpointing and accumulation. Each change is an undoable edit of the document; a
// run of steps in one spin box is one undo step.

#include <QWidget>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace torchrig::ui {

class BuildDocument;

class WorkloadEditor : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadEditor(BuildDocument& document, QWidget* parent = nullptr);

    QComboBox* modelBox() const { return m_model; }
    QSpinBox* batchBox() const { return m_batch; }
    QComboBox* precisionBox() const { return m_precision; }

private:
    enum Field {
        ModelField,
        BatchField,
        SeqLenField,
        ImageSizeField,
        PrecisionField,
        OptimizerField,
        CheckpointingField,
        AccumulationField
    };
    void load();             // the document's workload into the widgets
    void store(Field field); // the widgets into the document

    BuildDocument& m_document;
    bool m_loading = false;
    QComboBox* m_model = nullptr;
    QSpinBox* m_batch = nullptr;
    QSpinBox* m_seqLen = nullptr;
    QSpinBox* m_imageSize = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_optimizer = nullptr;
    QCheckBox* m_checkpointing = nullptr;
    QSpinBox* m_accumulation = nullptr;
};

} // namespace torchrig::ui
