// INCIDENTS.md 3 on a real runtime: RxCocoa's delegate proxy + the tracker SDK's setDelegate: hook on a
// collection-view-like host, release configuration (asserts compiled out).
// usage: incident3_rx_cycle rx|rx:patched
// The Rx proxy and the tracker wrapper ask each other respondsToSelector: without end; a recursion
// counter (depth 16) stops the cycle so the program can print what happened.
// Manual retain/release; associations emulated (the GNU runtime has none); "weak" slots are plain
// unretained pointers whose targets stay alive for the whole run.
#include "../probes/oracle.h"

#define DEPTH_LIMIT 16
static BOOL patched;
static int depth, maxDepth, subscriberEvents, trackerEvents, appEvents;
static BOOL cycleStopped;

/* Counts nested respondsToSelector: frames; returns NO when the counter trips. */
static BOOL enter(const char *frame, SEL s)
{
  depth++;
  if (depth > maxDepth) maxDepth = depth;
  if (depth <= 4)
    SAY("%s %s depth %d", frame, sel_getName(s), depth);
  if (depth >= DEPTH_LIMIT)
    {
      if (!cycleStopped) SAY("recursion counter trips at depth %d", depth);
      cycleStopped = YES;
      return NO;
    }
  return YES;
}
static void leave(void) { depth--; }

static id assocRx, assocTracker;   /* the two associations on the one host of this run */

@protocol CollectionDelegate
- (void)collectionView:(id)cv didSelectItemAtIndexPath:(id)indexPath;
@end

/* ---- the host ---- */
@interface CollectionView : NSObject { id delegate; BOOL respondsToDidSelect; } - (void)setDelegate:(id)d; - (id)delegate; - (void)selectItem; @end
@implementation CollectionView
- (void)setDelegate:(id)d
{
  delegate = d;
  /* UIKit caches respondsToSelector: when the delegate is set. */
  respondsToDidSelect = [d respondsToSelector:@selector(collectionView:didSelectItemAtIndexPath:)];
}
- (id)delegate { return delegate; }
- (void)selectItem
{
  if (respondsToDidSelect)
    [delegate collectionView:self didSelectItemAtIndexPath:nil];
  else
    SAY("host: the delegate does not respond to collectionView:didSelectItemAtIndexPath:, event dropped");
}
@end

/* ---- the app's delegate ---- */
@interface AppDelegate : NSObject <CollectionDelegate> @end
@implementation AppDelegate
- (void)collectionView:(id)cv didSelectItemAtIndexPath:(id)ip { appEvents++; SAY("app delegate got didSelectItem"); }
@end

/* ---- RxCocoa's delegate proxy (NSObject subclass, weak forward delegate) ---- */
@interface RxCollectionViewDelegateProxy : NSObject { @public id forwardToDelegate; BOOL observed; } - (BOOL)rx_isDelegateProxy; @end
@implementation RxCollectionViewDelegateProxy
- (BOOL)rx_isDelegateProxy { return YES; }
/* DelegateProxy.responds(to:): super || forward delegate || (void method && observed). */
- (BOOL)respondsToSelector:(SEL)s
{
  BOOL r;
  if (!enter("-[RxCollectionViewDelegateProxy respondsToSelector:]", s)) { leave(); return NO; }
  r = [super respondsToSelector:s]
      || [forwardToDelegate respondsToSelector:s]
      || (observed && sel_isEqual(s, @selector(collectionView:didSelectItemAtIndexPath:)));
  leave();
  return r;
}
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s
{
  NSMethodSignature *sig = [super methodSignatureForSelector:s];
  return sig ? sig : [forwardToDelegate methodSignatureForSelector:s];
}
/* sentMessage -> forward delegate (if it responds) -> methodInvoked. */
- (void)forwardInvocation:(NSInvocation *)inv
{
  if (observed) { subscriberEvents++; SAY("rx subscriber saw %s", sel_getName([inv selector])); }
  if (forwardToDelegate != nil && [forwardToDelegate respondsToSelector:[inv selector]])
    [inv invokeWithTarget:forwardToDelegate];
}
@end

/* ---- the tracker SDK's wrapper (scheme 2) ---- */
@interface TrackerWrapper : NSProxy <CollectionDelegate> { id target; } - (id)initWithTarget:(id)t; - (BOOL)bd_isTrackerDecorator; @end
@implementation TrackerWrapper
- (id)initWithTarget:(id)t { target = t; return self; }
- (BOOL)bd_isTrackerDecorator { return YES; }
- (BOOL)respondsToSelector:(SEL)s
{
  BOOL r;
  if (sel_isEqual(s, @selector(bd_isTrackerDecorator))) return YES;
  if (!enter("-[TrackerWrapper respondsToSelector:]", s)) { leave(); return NO; }
  r = [target respondsToSelector:s];
  leave();
  return r;
}
- (void)collectionView:(id)cv didSelectItemAtIndexPath:(id)ip
{
  trackerEvents++;
  SAY("tracker saw didSelectItem");
  if ([target respondsToSelector:_cmd])
    [target collectionView:cv didSelectItemAtIndexPath:ip];
}
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s { return [target methodSignatureForSelector:s]; }
- (void)forwardInvocation:(NSInvocation *)inv { [inv invokeWithTarget:target]; }
@end

/* ---- the tracker's setDelegate: hook ---- */
@interface CollectionView (Tracker) - (void)trk_setDelegate:(id)d; @end
@implementation CollectionView (Tracker)
- (void)trk_setDelegate:(id)d
{
  if (d == nil || [d respondsToSelector:@selector(bd_isTrackerDecorator)])
    {
      SAY("tracker: passes the delegate through unwrapped");
      [self trk_setDelegate:d];
      return;
    }
  SAY("tracker: wraps the delegate");
  TrackerWrapper *w = [[TrackerWrapper alloc] initWithTarget:d];
  [self trk_setDelegate:w];
  [assocTracker release];   /* objc_setAssociatedObject(self, bd_TrackerProxy, w, RETAIN_NONATOMIC) */
  assocTracker = w;
}
@end

/* ---- RxCocoa's proxy(for:), reset() and rx.setDelegate, release build ---- */
/* rx:patched: a current delegate that is a tracker decorator whose chain reaches the proxy counts as
   the proxy itself (the marker check proposed upstream, RxSwift PR #2037). */
static BOOL proxyInChain(id current)
{
  return patched && [current respondsToSelector:@selector(bd_isTrackerDecorator)]
         && [current respondsToSelector:@selector(rx_isDelegateProxy)];
}

static RxCollectionViewDelegateProxy *proxyFor(CollectionView *cv)
{
  RxCollectionViewDelegateProxy *proxy = assocRx;
  if (proxy == nil)
    {
      proxy = [RxCollectionViewDelegateProxy new];
      assocRx = proxy;
    }
  id current = [cv delegate];
  if (current != proxy)
    {
      if (proxyInChain(current))
        {
          SAY("rx: the current delegate is a tracker decorator of the proxy: no re-wrap");
          return proxy;
        }
      SAY("rx: forward delegate := current delegate (%s)", current == nil ? "nil" : class_getName(object_getClass(current)));
      proxy->forwardToDelegate = current;
      SAY("rx: delegate := proxy");
      [cv setDelegate:proxy];
      /* assert(currentDelegate === proxy) is compiled out in release. */
      if (!cycleStopped && [cv delegate] != proxy)
        SAY("rx: the delegate getter does not return the proxy (the debug assert would trip here)");
    }
  return proxy;
}

/* reset(): re-set the delegate (nil, then the proxy) so the host re-reads respondsToSelector:, but
   only when the proxy is the current delegate. */
static void reset(CollectionView *cv, RxCollectionViewDelegateProxy *proxy)
{
  id current = [cv delegate];
  if (current == proxy || proxyInChain(current))
    {
      SAY("rx: reset: delegate := nil, then proxy");
      [cv setDelegate:nil];
      [cv setDelegate:proxy];
    }
  else
    SAY("rx: reset: the proxy is not the current delegate, nothing to do");
}

static void rxSubscribe(CollectionView *cv)
{
  RxCollectionViewDelegateProxy *proxy = proxyFor(cv);
  if (cycleStopped) return;
  proxy->observed = YES;
  reset(cv, proxy);
}

static void rxSetDelegate(CollectionView *cv, id appDelegate)
{
  RxCollectionViewDelegateProxy *proxy = proxyFor(cv);
  if (cycleStopped) return;
  SAY("rx: forward delegate := app delegate");
  proxy->forwardToDelegate = appDelegate;
  reset(cv, proxy);
}

int main(int argc, char **argv)
{
  probe_begin();
  patched = argc > 1 && strcmp(argv[1], "rx:patched") == 0;
  SAY("variant: %s + tracker:proxy, release", patched ? "rx:patched" : "rx");
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  method_exchangeImplementations(class_getInstanceMethod([CollectionView class], @selector(setDelegate:)),
                                 class_getInstanceMethod([CollectionView class], @selector(trk_setDelegate:)));
  CollectionView *cv = [CollectionView new];
  AppDelegate *app = [AppDelegate new];

  SAY("step: app subscribes to rx.itemSelected (reads rx.delegate)");
  rxSubscribe(cv);
  SAY("step: app calls rx.setDelegate(appDelegate)");
  rxSetDelegate(cv, app);
  RxCollectionViewDelegateProxy *proxy = assocRx;

  BOOL appInChain = proxy->forwardToDelegate == app;
  BOOL cycle = [proxy->forwardToDelegate respondsToSelector:@selector(bd_isTrackerDecorator)];
  if (cycleStopped)
    SAY("outcome: infiniteRecursion respondsToSelector: -[RxCollectionViewDelegateProxy respondsToSelector:] <-> -[TrackerWrapper respondsToSelector:]");
  if (cycle)
    SAY("outcome: forwardingCycle Rx proxy -> tracker wrapper -> Rx proxy");
  if (!appInChain)
    SAY("outcome: lostEvent the app delegate is not in the chain");
  if (!cycleStopped)
    {
      SAY("step: fire didSelectItem");
      [cv selectItem];
    }
  SAY("outcome: events reached rx subscriber %d, tracker %d, app delegate %d", subscriberEvents, trackerEvents, appEvents);
  [cv release];
  [app release];
  [assocTracker release];
  [assocRx release];
  [pool drain];
  return 0;
}
