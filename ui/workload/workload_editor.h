#pragma once
// The build's workloads: which one is shown, Add and Remove, and the shown one in the workload form
// (workload_form.h). Each change is an undoable edit of the document; a run of steps in one spin box
// is one undo step.

#include "plan/build.h"
#include "workload/workload_form.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace torchrig::ui {

class BuildDocument;

class WorkloadEditor : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadEditor(BuildDocument& document, QWidget* parent = nullptr);

    WorkloadForm* form() const { return m_form; }
    QComboBox* workloadChoice() const { return m_workloads; }
    QPushButton* addWorkloadButton() const { return m_addWorkload; }
    QPushButton* removeWorkloadButton() const { return m_removeWorkload; }
    QComboBox* modelBox() const { return m_form->modelBox(); }
    QLabel* defaultsNote() const { return m_form->defaultsNote(); }
    QSpinBox* batchBox() const { return m_form->batchBox(); }
    QSpinBox* seqLenBox() const { return m_form->seqLenBox(); }
    QComboBox* precisionBox() const { return m_form->precisionBox(); }
    QComboBox* strategyBox() const { return m_form->strategyBox(); }
    QSpinBox* loraRankBox() const { return m_form->loraRankBox(); }
    QCheckBox* checkpointingBox() const { return m_form->checkpointingBox(); }
    QSpinBox* datasetSamplesBox() const { return m_form->datasetSamplesBox(); }
    QDoubleSpinBox* epochsBox() const { return m_form->epochsBox(); }

    // A model file (resources/models/README.md) or a Hugging Face model's folder or config.json
    // (File ▸ Import model…) becomes the shown workload's model; a refusal is said by
    // modelFileRejected and changes nothing.
    bool loadModelFile(const QString& path) { return m_form->loadModelFile(path); }
    bool importHfModel(const QString& path) { return m_form->importHfModel(path); }

Q_SIGNALS:
    // A message for the user about a model file that could not be used.
    void modelFileRejected(const QString& message);

private:
    void load(); // the document's workload into the form
    void loadWorkloadChoice();
    void createWorkloadChoice(); // the build's workloads to choose from, Add and Remove

    BuildDocument& m_document;
    WorkloadForm* m_form = nullptr;
    QComboBox* m_workloads = nullptr;
    QPushButton* m_addWorkload = nullptr;
    QPushButton* m_removeWorkload = nullptr;
};

} // namespace torchrig::ui
