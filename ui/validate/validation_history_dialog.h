#pragma once
// The validation runs measured on this computer, newest first: when, on what device and LibTorch,
// which model and batch, and how far the estimate was from what was measured. Exports as JSON.

#include "catalog.h"

#include <QDialog>

#include <vector>

class QTableWidget;

namespace torchrig::ui {

class ValidationHistoryDialog : public QDialog {
    Q_OBJECT
public:
    explicit ValidationHistoryDialog(std::vector<db::ValidationRunRecord> runs, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }
    // Every run, with its request and result documents, as one JSON array; false when the file
    // cannot be written.
    bool exportTo(const QString& path) const;

private:
    std::vector<db::ValidationRunRecord> m_runs;
    QTableWidget* m_table = nullptr;
};

} // namespace torchrig::ui
