// INCIDENTS.md 1 on a real runtime: JS bridge + tracker SDK on a UIWebView-like host whose delegate is
// assign. Load order: the app's JSBridge setDelegate: swizzle first, then the tracker's.
// usage: incident1_jsbridge buggy|fixed [tracker-first]   (run with NSZombieEnabled=YES)
// Manual retain/release; the GNU runtime has no associated objects, so a small table emulates
// objc_setAssociatedObject with OBJC_ASSOCIATION_RETAIN_NONATOMIC (field guide D6).
#include "../probes/oracle.h"

static BOOL fixedVariant;
static int bridgeEvents;

/* ---- associated objects, emulated (retain policy) ---- */
#define ASSOC_MAX 16
static struct { id owner; const char *key; id value; } assoc[ASSOC_MAX];
static id assoc_get(id owner, const char *key)
{
  int i;
  for (i = 0; i < ASSOC_MAX; i++)
    if (assoc[i].owner == owner && assoc[i].key == key) return assoc[i].value;
  return nil;
}
static void assoc_set(id owner, const char *key, id value)
{
  int i, free_slot = -1;
  for (i = 0; i < ASSOC_MAX; i++)
    {
      if (assoc[i].owner == owner && assoc[i].key == key)
        {
          id old = assoc[i].value;
          assoc[i].value = [value retain];
          [old release];
          return;
        }
      if (assoc[i].owner == nil && free_slot < 0) free_slot = i;
    }
  assoc[free_slot].owner = owner;
  assoc[free_slot].key = key;
  assoc[free_slot].value = [value retain];
}
static void assoc_remove_all(id owner)
{
  int i;
  for (i = 0; i < ASSOC_MAX; i++)
    if (assoc[i].owner == owner)
      {
        id old = assoc[i].value;
        assoc[i].owner = nil;
        assoc[i].value = nil;
        [old release];
      }
}
static const char *kBridge = "jsbridge";
static const char *kTrackerProxy = "bd_TrackerProxy";

/* ---- the host: assign delegate, respondsToSelector: cached at set time, events via a forwarder ---- */
@class WebView;
@protocol WebViewDelegate
- (void)webViewDidStartLoad:(id)webView;
@end

@interface WebSafeForwarder : NSObject { @public WebView *webView; } @end

@interface WebView : NSObject
{
  @public
  id delegate;               /* assign */
  BOOL delegateRespondsToStart;
  WebSafeForwarder *forwarder;
}
- (void)setDelegate:(id)d;
- (id)delegate;
- (void)fireDidStartLoad;
@end

@implementation WebView
- (id)init
{
  self = [super init];
  forwarder = [WebSafeForwarder new];
  forwarder->webView = self;
  return self;
}
- (void)setDelegate:(id)d
{
  delegate = d;
  delegateRespondsToStart = [d respondsToSelector:@selector(webViewDidStartLoad:)];
}
- (id)delegate { return delegate; }
- (void)fireDidStartLoad
{
  /* UIWebView sends its delegate callbacks through _WebSafeForwarder. */
  [(id<WebViewDelegate>)forwarder webViewDidStartLoad:self];
}
- (void)dealloc
{
  [forwarder release];
  assoc_remove_all(self);
  [super dealloc];
}
@end

@implementation WebSafeForwarder
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s
{
  return [NSObject instanceMethodSignatureForSelector:@selector(performSelector:withObject:)];
}
- (void)forwardInvocation:(NSInvocation *)inv
{
  id d = webView->delegate;
  SAY("-[_WebSafeForwarder forwardInvocation:] %s", sel_getName([inv selector]));
  if (!webView->delegateRespondsToStart) return;
  /* Under NSZombieEnabled a freed object's isa becomes the zombie class: the runtime tells us the
     assign delegate is dangling before we message it. */
  if (strstr(class_getName(object_getClass(d)), "Zombie") != NULL)
    {
      SAY("the delegate's isa is now %s", class_getName(object_getClass(d)));
      SAY("outcome: danglingMessage -[_WebSafeForwarder forwardInvocation:] sends %s to a freed object", sel_getName([inv selector]));
    }
  @try { [inv invokeWithTarget:d]; }
  @catch (NSException *e) { SAY("the message to the freed delegate raised %s", [[e name] UTF8String]); }
}
@end

/* ---- the app's delegate ---- */
@interface AppDelegate : NSObject <WebViewDelegate> { @public int events; } @end
@implementation AppDelegate
- (void)webViewDidStartLoad:(id)wv { events++; SAY("app delegate got webViewDidStartLoad:"); }
@end

/* ---- WebViewJavascriptBridge: becomes the delegate, forwards explicitly to its webViewDelegate ---- */
@interface Bridge : NSObject <WebViewDelegate> { @public id webViewDelegate; /* weak in WVJB, assign here */ } @end
@implementation Bridge
+ (Bridge *)bridgeForWebView:(WebView *)wv
{
  Bridge *b = [Bridge new];
  [wv setDelegate:b];          /* WVJB _platformSpecificSetup: _webView.delegate = self */
  return [b autorelease];
}
- (void)setWebViewDelegate:(id)d { webViewDelegate = d; }
- (void)webViewDidStartLoad:(id)wv
{
  SAY("bridge got webViewDidStartLoad:");
  bridgeEvents++;
  if ([webViewDelegate respondsToSelector:@selector(webViewDidStartLoad:)])
    [webViewDelegate webViewDidStartLoad:wv];
}
@end

/* ---- the tracker SDK's wrapper: NSProxy, weak (here: manual, unretained) target, marker ---- */
static int wrapperCount, trackerEvents;
@interface TrackerWrapper : NSProxy { id target; int number; } - (id)initWithTarget:(id)t; - (BOOL)bd_isTrackerDecorator; @end
@implementation TrackerWrapper
- (id)initWithTarget:(id)t { target = t; number = ++wrapperCount; return self; }
- (BOOL)bd_isTrackerDecorator { return YES; }
- (BOOL)respondsToSelector:(SEL)s
{
  if (sel_isEqual(s, @selector(bd_isTrackerDecorator))) return YES;
  return [target respondsToSelector:s];
}
- (NSMethodSignature *)methodSignatureForSelector:(SEL)s { return [target methodSignatureForSelector:s]; }
- (void)forwardInvocation:(NSInvocation *)inv
{
  SAY("tracker wrapper #%d saw %s", number, sel_getName([inv selector]));
  trackerEvents++;
  [inv invokeWithTarget:target];
}
- (void)dealloc { SAY("tracker wrapper #%d freed", number); [super dealloc]; }
@end

/* ---- the two setDelegate: swizzles (exchange style) ---- */
@interface WebView (Hooks) - (void)jsb_setDelegate:(id)d; - (void)trk_setDelegate:(id)d; @end
@implementation WebView (Hooks)
- (void)jsb_setDelegate:(id)d
{
  Bridge *bridge = assoc_get(self, kBridge);
  if (bridge == nil || d == bridge)
    {
      [self jsb_setDelegate:d];
      return;
    }
  /* The app's delegate goes into the bridge ... */
  [bridge setWebViewDelegate:d];
  /* ... and the fixed hook sets the bridge back as the web view's delegate. */
  if (fixedVariant)
    [self jsb_setDelegate:bridge];
}
- (void)trk_setDelegate:(id)d
{
  if (d == nil || [d respondsToSelector:@selector(bd_isTrackerDecorator)])
    {
      [self trk_setDelegate:d];
      return;
    }
  TrackerWrapper *w = [[TrackerWrapper alloc] initWithTarget:d];
  SAY("tracker wraps the delegate in wrapper #%d", wrapperCount);
  [self trk_setDelegate:w];
  assoc_set(self, kTrackerProxy, w);
  [w release];
}
@end

static void swizzle(Class c, SEL a, SEL b)
{
  method_exchangeImplementations(class_getInstanceMethod(c, a), class_getInstanceMethod(c, b));
}

int main(int argc, char **argv)
{
  probe_begin();
  fixedVariant = argc > 1 && strcmp(argv[1], "fixed") == 0;
  BOOL trackerFirst = argc > 2 && strcmp(argv[2], "tracker-first") == 0;
  const char *variant = fixedVariant ? "fixed" : "buggy";
  if (trackerFirst)
    SAY("variant: jsbridge:%s, load order: tracker:proxy then jsbridge:%s", variant, variant);
  else
    SAY("variant: jsbridge:%s, load order: jsbridge:%s then tracker:proxy", variant, variant);
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  /* The hook installed last runs first on every setDelegate:. */
  if (trackerFirst)
    {
      swizzle([WebView class], @selector(setDelegate:), @selector(trk_setDelegate:));
      swizzle([WebView class], @selector(setDelegate:), @selector(jsb_setDelegate:));
    }
  else
    {
      swizzle([WebView class], @selector(setDelegate:), @selector(jsb_setDelegate:));
      swizzle([WebView class], @selector(setDelegate:), @selector(trk_setDelegate:));
    }

  WebView *wv = [WebView new];
  /* The app's initWithFrame: swizzle creates the bridge and keeps it in a retained association. */
  Bridge *bridge = [Bridge bridgeForWebView:wv];
  assoc_set(wv, kBridge, bridge);
  TrackerWrapper *wrapper1 = [wv delegate];

  AppDelegate *app = [AppDelegate new];
  SAY("app sets its own delegate");
  [wv setDelegate:app];
  SAY("web view delegate is wrapper #1: %s", YESNO([wv delegate] == wrapper1));
  if (strstr(class_getName(object_getClass([wv delegate])), "Zombie") != NULL)
    SAY("outcome: danglingReference web view assign delegate -> freed tracker wrapper #1");
  SAY("fire webViewDidStartLoad:");
  [wv fireDidStartLoad];
  SAY("outcome: events reached bridge %d, tracker %d, app delegate %d", bridgeEvents, trackerEvents, app->events);
  SAY("done");
  [wv release];
  [app release];
  [pool drain];
  return 0;
}
