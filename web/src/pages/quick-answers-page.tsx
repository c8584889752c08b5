import { QuickAnswersScreen } from '../modules/quick-answers/quick-answers-screen';

/** /quickAnswers (spec 1 §2): every user. */
export default function QuickAnswersPage() {
  return <QuickAnswersScreen />;
}
