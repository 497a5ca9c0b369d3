// Rule: messaging nil returns zero and does not crash.
// Field guide: jsbridge-iglistkit-uikit-runtime.md D5 ("Messaging nil returns zero").
#include "oracle.h"
@interface A : NSObject - (int)add:(int)x; - (id)me; @end
@implementation A - (int)add:(int)x { return x + 1; } - (id)me { return self; } @end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  A *a = nil;
  SAY("nil add: %d", [a add:5]);
  SAY("nil me is nil: %s", YESNO([a me] == nil));
  SAY("nil respondsToSelector: %s", YESNO([a respondsToSelector:@selector(add:)]));
  [pool drain];
  return 0;
}
