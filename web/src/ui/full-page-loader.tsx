export function FullPageLoader() {
  return (
    <div className="flex h-full min-h-[50vh] w-full items-center justify-center" data-testid="page-loader">
      <span className="loading loading-spinner loading-lg text-primary" />
    </div>
  );
}
