import { TagsScreen } from '../modules/tags/tags-screen';

/** /tags (spec 2 §2): administrators (manageTags). */
export default function TagsPage() {
  return <TagsScreen />;
}
