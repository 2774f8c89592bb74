/** Blank placeholder while a lazy page loads (legacy §2). */
export default function PageLoading() {
  return null;
}
