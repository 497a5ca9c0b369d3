// Rule: respondsToSelector: runs +resolveInstanceMethod: but never the forwarding steps; a forwarding
// object answers NO. Field guide: jsbridge-iglistkit-uikit-runtime.md D5 (respondsToSelector:).
#include "oracle.h"
@interface T : NSObject - (void)zap; @end
@implementation T - (void)zap { SAY("T.zap"); } @end
@interface Q : NSObject { T *target; } @end
@implementation Q
- (id)init { self = [super init]; target = [T new]; return self; }
- (void)dealloc { [target release]; [super dealloc]; }
+ (BOOL)resolveInstanceMethod:(SEL)s { SAY("+[Q resolveInstanceMethod:] %s", sel_getName(s)); return NO; }
- (id)forwardingTargetForSelector:(SEL)s { SAY("-[Q forwardingTargetForSelector:] %s", sel_getName(s)); return target; }
@end
int main(void)
{
  probe_begin();
  NSAutoreleasePool *pool = [NSAutoreleasePool new];
  Q *q = [Q new];
  SAY("Q responds to zap: %s", YESNO([q respondsToSelector:@selector(zap)]));
  SAY("Q responds to description: %s", YESNO([q respondsToSelector:@selector(description)]));
  [q release];
  [pool drain];
  return 0;
}
