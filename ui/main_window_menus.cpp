// The main window's menus: File, Edit, Build, View and Help, and what their actions open.

#include "main_window.h"

#include "analysis/analysis_panel.h"
#include "build/build_checks.h"
#include "build/build_editor.h"
#include "compare/compare_dialog.h"
#include "document/build_document.h"
#include "document/message_translation.h"
#include "help/glossary.h"
#include "purchasing/purchasing_panel.h"
#include "settings/settings_dialog.h"
#include "workload/workload_editor.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTabWidget>
#include <QUndoStack>

namespace torchrig::ui {

void MainWindow::createMenus() {
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New build…"), QKeySequence::New, this, &MainWindow::newBuild);
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openDialog);
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] {
        if (m_document->filePath().isEmpty())
            saveDialog();
        else
            saveFile(m_document->filePath());
    });
    file->addAction(tr("Save &as…"), QKeySequence::SaveAs, this, &MainWindow::saveDialog);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    file->addAction(tr("P&lan for a workload…"), this, &MainWindow::showPlanDialog);
    file->addAction(tr("&Compare builds…"), this, [this] {
        const auto paths = QFileDialog::getOpenFileNames(this, tr("Compare two to four builds"), QString(),
                                                         tr("TorchRig builds (*.torchrig)"));
        if (paths.isEmpty())
            return;
        if (paths.size() < 2 || paths.size() > 4) {
            QMessageBox::information(this, tr("Compare builds"), tr("Choose two to four build files."));
            return;
        }
        std::vector<plan::Build> builds;
        QStringList names;
        for (const auto& path : paths) {
            BuildDocument reader;
            if (auto opened = reader.open(path); !opened) {
                QMessageBox::warning(this, tr("Compare builds"), appText(opened.error().message));
                return;
            }
            builds.push_back(reader.build());
            names << QFileInfo(path).completeBaseName();
        }
        CompareDialog dialog(builds, names, this);
        dialog.exec();
    });
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    file->addSeparator();
    file->addAction(tr("&Import model…"), this, [this] {
        // The config.json of a Hugging Face download; the safetensors beside it are checked too.
        const auto path =
            QFileDialog::getOpenFileName(this, tr("Import a Hugging Face model (its config.json)"), QString(),
                                         tr("Hugging Face config (*.json);;All files (*)"));
        if (!path.isEmpty())
            m_workloadEditor->importHfModel(path);
    });
    file->addAction(tr("Update &catalog…"), this, &MainWindow::updateCatalogDialog);
    file->addAction(tr("Export build s&heet…"), this, &MainWindow::exportSheetDialog);
    file->addAction(tr("&Print build sheet…"), QKeySequence::Print, this, &MainWindow::printSheet);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    auto* edit = menuBar()->addMenu(tr("&Edit"));
    auto* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    auto* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Preferences…"), QKeySequence::Preferences, this, [this] {
        SettingsDialog dialog(PlanningSettings::load(), this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        dialog.settings().save();
        m_analysis->setPlanningSettings(dialog.settings());
        m_buildEditor->setCostOptions(dialog.settings().costOptions());
        m_checks->setCircuit(dialog.settings().circuit());
        m_purchasing->showRequiredFields(); // the template's fields may have changed
    });
    auto* build = menuBar()->addMenu(tr("&Build"));
    build->addAction(tr("&Add the selected catalog part"), QKeySequence(Qt::CTRL | Qt::Key_Return), this,
                     &MainWindow::addSelectedPart);
    build->addAction(tr("&Remove the selected part"), this, [this] { m_buildEditor->removeSelectedPart(); });
    auto* view = menuBar()->addMenu(tr("&View"));
    const QKeySequence dockKeys[] = {QKeySequence(Qt::ALT | Qt::Key_1), QKeySequence(Qt::ALT | Qt::Key_2),
                                     QKeySequence(Qt::ALT | Qt::Key_3), QKeySequence(Qt::ALT | Qt::Key_4)};
    for (int i = 0; i < m_docks.size(); ++i) {
        auto* toggle = m_docks[i]->toggleViewAction();
        toggle->setShortcut(dockKeys[i]);
        view->addAction(toggle);
    }
    view->addSeparator();
    for (int i = 0; i < m_analysis->tabs()->count(); ++i)
        view->addAction(m_analysis->tabs()->tabText(i), QKeySequence(Qt::CTRL | (Qt::Key_1 + i)), this,
                        [this, i] { m_analysis->tabs()->setCurrentIndex(i); });
    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Glossary"), QKeySequence::HelpContents, this, [this] {
        GlossaryDialog dialog(this);
        dialog.exec();
    });
    help->addAction(tr("&About TorchRig"), this, &MainWindow::showAbout);
}

} // namespace torchrig::ui
